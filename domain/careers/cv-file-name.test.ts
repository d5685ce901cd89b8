import { describe, expect, it } from "vitest";
import { attachmentHeader, cvFileName } from "./cv-file";

describe("cvFileName", () => {
  it("keeps the last path segment without control, format or reserved characters, and the checked extension", () => {
    expect(cvFileName("C:\\Users\\meera\\Meera Rao CV.pdf", "pdf")).toBe("Meera Rao CV.pdf");
    expect(cvFileName("../../etc/Résumé.PDF", "pdf")).toBe("Résumé.pdf");
    expect(cvFileName('  a"b<c>d:e|f?g*h\u0000\u0007\u202e.docx  ', "docx")).toBe("abcdefgh.docx");
    expect(cvFileName("cv.exe", "pdf")).toBe("cv.exe.pdf");
    expect(cvFileName("cv.pdf.docx", "docx")).toBe("cv.pdf.docx");
    expect(cvFileName("mypdf", "pdf")).toBe("mypdf.pdf");
  });

  it("calls a nameless file cv, and cuts a long name to 120 characters before the extension", () => {
    expect(cvFileName(undefined, "pdf")).toBe("cv.pdf");
    expect(cvFileName("folder/", "docx")).toBe("cv.docx");
    expect(cvFileName(" .pdf ", "pdf")).toBe("cv.pdf");
    expect(cvFileName(`${"x".repeat(200)}.pdf`, "pdf")).toBe(`${"x".repeat(120)}.pdf`);
  });
});

describe("attachmentHeader", () => {
  it("gives an ASCII fallback and the UTF-8 name, escaping what could end the header's value", () => {
    expect(attachmentHeader("Meera Rao CV.pdf")).toBe(
      `attachment; filename="Meera Rao CV.pdf"; filename*=UTF-8''Meera%20Rao%20CV.pdf`,
    );
    expect(attachmentHeader('Résumé "final"; 100%\\x (1)*\'.pdf')).toBe(
      `attachment; filename="R_sum_ _final__ 100__x (1)*'.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22%3B%20100%25%5Cx%20%281%29%2A%27.pdf`,
    );
  });
});
