/**
 * Chromium keeps some text it shaped before a web font arrived (flex items' words) in the fallback font even
 * after the font loads: tofu where the system has no Devanagari or Tamil font. A new font description
 * makes it shape all text again, so each batch of font loads moves <html>'s word-spacing by a tenth of a
 * thousandth of a pixel (part of the description, invisible on screen). Pages that load no font are untouched.
 */
export function reshapeTextWhenFontsLoad(): () => void {
  const fonts = document.fonts;
  let batches = 0;
  const reshape = () => {
    batches++;
    document.documentElement.style.wordSpacing = `${batches / 10_000}px`;
  };
  // Fonts that finished before the page's script ran fired their event unheard.
  if ([...fonts].some((face) => face.status === "loaded")) reshape();
  fonts.addEventListener("loadingdone", reshape);
  return () => fonts.removeEventListener("loadingdone", reshape);
}
