/**
 * Hindi (Devanagari) and Tamil text in plain Latin letters, as a reader would spell it in an address
 * ("भारत क्यों" → "bharat kyon", "சென்னை" → "chennai"), so that a post whose heading has no Latin letters
 * still gets a readable slug. A small table and a few rules, not a scholarly scheme: long vowels are not
 * doubled and no diacritics are written. Every other character is left as it is.
 */

// prettier-ignore
const DEVANAGARI_CONSONANTS: Record<string, string> = {
  क: "k", ख: "kh", ग: "g", घ: "gh", ङ: "n",
  च: "ch", छ: "chh", ज: "j", झ: "jh", ञ: "n",
  ट: "t", ठ: "th", ड: "d", ढ: "dh", ण: "n",
  त: "t", थ: "th", द: "d", ध: "dh", न: "n", ऩ: "n",
  प: "p", फ: "ph", ब: "b", भ: "bh", म: "m",
  य: "y", र: "r", ऱ: "r", ल: "l", ळ: "l", ऴ: "l", व: "v",
  श: "sh", ष: "sh", स: "s", ह: "h",
};
/** The sounds a nukta below a letter gives it (क़ ज़ फ़ ड़ …). */
// prettier-ignore
const DEVANAGARI_NUKTA: Record<string, string> = {
  क: "q", ख: "kh", ग: "g", ज: "z", ड: "r", ढ: "rh", फ: "f", य: "y",
};
// prettier-ignore
const DEVANAGARI_VOWELS: Record<string, string> = {
  अ: "a", आ: "a", इ: "i", ई: "i", उ: "u", ऊ: "u", ऋ: "ri", ॠ: "ri", ऌ: "li",
  ऍ: "e", ऎ: "e", ए: "e", ऐ: "ai", ऑ: "o", ऒ: "o", ओ: "o", औ: "au",
};
// prettier-ignore
const DEVANAGARI_SIGNS: Record<string, string> = {
  "ा": "a", "ि": "i", "ी": "i", "ु": "u", "ू": "u", "ृ": "ri", "ॄ": "ri", "ॢ": "li",
  "ॅ": "e", "ॆ": "e", "े": "e", "ै": "ai", "ॉ": "o", "ॊ": "o", "ो": "o", "ौ": "au",
};
/** Chandrabindu, anusvara and visarga: a sound after the syllable's vowel. */
const DEVANAGARI_CODAS: Record<string, string> = { "ँ": "n", "ं": "n", "ः": "h" };
const DEVANAGARI_VIRAMA = "्";
const DEVANAGARI_NUKTA_SIGN = "़";

/** க ச ட த ப ற sound differently by place: [word start or doubled, after a nasal, between vowels, before its double]. */
const TAMIL_STOPS: Record<string, readonly [string, string, string, string]> = {
  க: ["k", "g", "g", "k"],
  ச: ["ch", "j", "s", "c"],
  ட: ["t", "d", "d", "t"],
  த: ["th", "dh", "th", "t"],
  ப: ["p", "b", "p", "p"],
  ற: ["r", "dr", "r", "t"],
};
// prettier-ignore
const TAMIL_CONSONANTS: Record<string, string> = {
  ங: "n", ஞ: "n", ண: "n", ந: "n", ம: "m", ன: "n",
  ய: "y", ர: "r", ல: "l", வ: "v", ழ: "zh", ள: "l",
  ஜ: "j", ஷ: "sh", ஶ: "sh", ஸ: "s", ஹ: "h",
};
const TAMIL_NASALS = new Set(["ங", "ஞ", "ண", "ந", "ம", "ன"]);
// prettier-ignore
const TAMIL_VOWELS: Record<string, string> = {
  அ: "a", ஆ: "a", இ: "i", ஈ: "i", உ: "u", ஊ: "u", எ: "e", ஏ: "e", ஐ: "ai", ஒ: "o", ஓ: "o", ஔ: "au",
};
// prettier-ignore
const TAMIL_SIGNS: Record<string, string> = {
  "ா": "a", "ி": "i", "ீ": "i", "ு": "u", "ூ": "u", "ெ": "e", "ே": "e", "ை": "ai", "ொ": "o", "ோ": "o", "ௌ": "au",
};
const TAMIL_PULLI = "்";

/** One written syllable: a consonant (or none, for a vowel letter), its vowel (null: none, after a virama or pulli). */
interface Syllable {
  script: "hi" | "ta";
  letter: string;
  consonant: string;
  vowel: string | null;
  /** The vowel is the letter's own "a", not written: Hindi drops it in places. */
  inherent: boolean;
  coda: string;
}

function isSyllable(part: Syllable | string | undefined): part is Syllable {
  return typeof part === "object";
}

/** Reads the text into syllables of both scripts, and everything else as it is (one string per character). */
function parse(text: string): (Syllable | string)[] {
  const parts: (Syllable | string)[] = [];
  const consonant = (script: Syllable["script"], letter: string, sound: string) =>
    parts.push({ script, letter, consonant: sound, vowel: "a", inherent: true, coda: "" });
  const vowelLetter = (script: Syllable["script"], sound: string) =>
    parts.push({ script, letter: "", consonant: "", vowel: sound, inherent: false, coda: "" });
  for (const char of text.normalize("NFC")) {
    const last = parts.at(-1);
    const open = isSyllable(last) && last.inherent ? last : null;
    const code = char.codePointAt(0)!;
    if (DEVANAGARI_CONSONANTS[char]) {
      // ज्ञ is said "gy" (ज्ञान: gyan).
      if (char === "ञ" && isSyllable(last) && last.letter === "ज" && last.vowel === null) {
        last.consonant = "g";
        consonant("hi", char, "y");
      } else consonant("hi", char, DEVANAGARI_CONSONANTS[char]);
    } else if (char === DEVANAGARI_NUKTA_SIGN && open?.script === "hi")
      open.consonant = DEVANAGARI_NUKTA[open.letter] ?? open.consonant;
    else if ((char === DEVANAGARI_VIRAMA || char === TAMIL_PULLI) && open) {
      open.vowel = null;
      open.inherent = false;
    } else if (DEVANAGARI_SIGNS[char] && open?.script === "hi") {
      open.vowel = DEVANAGARI_SIGNS[char];
      open.inherent = false;
    } else if (TAMIL_SIGNS[char] && open?.script === "ta") {
      open.vowel = TAMIL_SIGNS[char];
      open.inherent = false;
    } else if (DEVANAGARI_CODAS[char] && isSyllable(last) && last.vowel !== null)
      last.coda += DEVANAGARI_CODAS[char];
    else if (DEVANAGARI_VOWELS[char]) vowelLetter("hi", DEVANAGARI_VOWELS[char]);
    else if (TAMIL_VOWELS[char]) vowelLetter("ta", TAMIL_VOWELS[char]);
    else if (TAMIL_STOPS[char] || TAMIL_CONSONANTS[char]) consonant("ta", char, TAMIL_CONSONANTS[char] ?? "");
    else if (code >= 0x0966 && code <= 0x096f) parts.push(String(code - 0x0966));
    else if (code >= 0x0be6 && code <= 0x0bef) parts.push(String(code - 0x0be6));
    else if (char === "ॐ") parts.push("om");
    else if (char === "ஃ") parts.push("h");
    // Signs with nothing to sign (a stray matra, avagraha, the long-vowel marks) and dandas read as a space.
    else if (/[\u0900-\u097f\u0b80-\u0bff]/u.test(char)) parts.push(" ");
    else parts.push(char);
  }
  return parts;
}

/**
 * Hindi drops the unwritten "a" at the end of a word (भारत: bharat, not bharata), and inside a word between a
 * sounded syllable and a consonant with a vowel (समझना: samajhna, अपना: apna), never twice in a row.
 */
function dropHindiSchwas(word: Syllable[]) {
  const n = word.length;
  const last = word[n - 1]!;
  if (n > 1 && last.inherent && !last.coda && word[n - 2]!.vowel !== null) last.vowel = null;
  for (let i = n - 2; i >= 1; i--) {
    const syllable = word[i]!;
    if (!syllable.inherent || syllable.coda || !syllable.consonant) continue;
    const next = word[i + 1]!;
    if (word[i - 1]!.vowel !== null && next.consonant && next.vowel !== null) {
      syllable.vowel = null;
      i--;
    }
  }
}

/** A Tamil stop as it sounds where it stands (சென்னை: chennai, இந்தியா: indhiya, வெற்றி: vetri). */
function tamilConsonant(word: Syllable[], i: number): string {
  const syllable = word[i]!;
  const forms = TAMIL_STOPS[syllable.letter];
  if (!forms) return syllable.consonant;
  const next = word[i + 1];
  if (syllable.vowel === null && next?.letter === syllable.letter) return forms[3];
  const before = word[i - 1];
  if (!before) return forms[0];
  if (before.vowel !== null) return forms[2];
  return TAMIL_NASALS.has(before.letter) ? forms[1] : forms[0];
}

export function transliterate(text: string): string {
  const parts = parse(text);
  let out = "";
  for (let start = 0; start < parts.length;) {
    const part = parts[start]!;
    if (!isSyllable(part)) {
      out += part;
      start++;
      continue;
    }
    let end = start;
    while (isSyllable(parts[end]) && (parts[end] as Syllable).script === part.script) end++;
    const word = parts.slice(start, end) as Syllable[];
    if (part.script === "hi") dropHindiSchwas(word);
    word.forEach((s, i) => {
      out += (s.script === "ta" ? tamilConsonant(word, i) : s.consonant) + (s.vowel ?? "") + s.coda;
    });
    start = end;
  }
  return out;
}
