import { readFileSync, writeFileSync } from "node:fs";
import { chromium } from "playwright-core";
import { confirmationMail, followed, jobMail, postMail } from "#domain/subscriptions/mails.ts";

const u = "https://gcc.example/unsubscribe?token=TxA-K2Oci8g5gBByoPxf8B_tEkDdv_Llpf2-Bn5QfG8";
const mails = {
  confirm: confirmationMail("blog", "asha@example.com", followed("blog", "Hindi", ""), "https://gcc.example/subscribe/confirm?token=TxA-K2Oci8g5gBByoPxf8B_tEkDdv_Llpf2-Bn5QfG8"),
  alertconfirm: confirmationMail("jobs", "asha@example.com", followed("jobs", "", "Chennai payroll"), "https://gcc.example/subscribe/confirm?token=TxA-K2Oci8g5gBByoPxf8B_tEkDdv_Llpf2-Bn5QfG8"),
  post: postMail("asha@example.com", { heading: "भारत में GCC स्थापित करने के लिए सही शहर कैसे चुनें", sub_heading: "बेंगलुरु, हैदराबाद, पुणे और चेन्नई की तुलना: प्रतिभा, लागत और बुनियादी ढांचा।", language: "Hindi", url: "https://gcc.example/blog/12-x" }, u),
  job: jobMail("asha@example.com", { title: "Payroll & Compliance Specialist", company: "GCC View 360", location: "Chennai", url: "https://gcc.example/careers-details?jobId=4" }, "Chennai payroll", u),
};
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const page = await browser.newPage({ viewport: { width: 390, height: 700 } });
for (const [name, mail] of Object.entries(mails)) {
  await page.setContent(mail.html!);
  // This machine has no Devanagari font; a phone has one. The site's own file stands in for it.
  await page.addStyleTag({ content: `@font-face{font-family:"Noto Sans Devanagari";src:url(data:font/woff2;base64,${readFileSync("node_modules/@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2").toString("base64")})}` });
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `scratch/${name}.png`, fullPage: true });
  writeFileSync(`scratch/${name}.txt`, `Subject: ${mail.subject}\n\n${mail.text}`);
}
await browser.close();
