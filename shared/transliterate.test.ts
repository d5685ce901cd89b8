import { describe, expect, it } from "vitest";
import { transliterate } from "./transliterate";

describe("transliterate", () => {
  it.each([
    // Hindi drops the unwritten "a" at the end of a word and between sounded syllables.
    ["भारत क्यों है पहली पसंद", "bharat kyon hai pahli pasand"],
    ["समझना अपना जानकारी", "samajhna apna jankari"],
    // …but not after a final cluster, nor in a one-letter word.
    ["केंद्र न", "kendra na"],
    // Nukta letters, precomposed or not, and ज्ञ.
    ["क़ानून ज़रूरी फ़ोन", "qanun zaruri fon"],
    ["\u0915\u093c\u093e\u0928\u0942\u0928", "qanun"],
    ["ज्ञान", "gyan"],
    ["कर्मचारी", "karmachari"],
    ["ऋषि और औरत", "rishi aur aurat"],
    // Devanagari digits are digits; the danda ends a sentence like a full stop.
    ["१०० दिन। नया", "100 din  naya"],
    // Tamil stops sound by place: word start, after a nasal, between vowels, doubled.
    ["சென்னை இந்தியா தமிழ்நாடு", "chennai indhiya thamizhnadu"],
    ["வெற்றி நன்றி தங்கம் மஞ்சள்", "vetri nandri thangam manjal"],
    ["உலகளாவிய திறன் மையங்கள்", "ulagalaviya thiran maiyangal"],
    // ொ typed as its two parts (ெ + ா) reads the same.
    ["\u0b95\u0bc6\u0bbe\u0b9f\u0bc8", "kodai"],
    ["௧௨௩ ஃ", "123 h"],
    // Latin and other scripts pass through untouched.
    ["GCC-க்கு ready", "GCC-kku ready"],
    ["Café 你好", "Café 你好"],
  ])("%j → %j", (text, latin) => {
    expect(transliterate(text)).toBe(latin);
  });

  it("writes only Latin letters, digits and the characters it was given for any mix of the two scripts", () => {
    const mixed = "नमस्ते வணக்கம் ँ ं ः ़ ् ் ா";
    expect(transliterate(mixed)).toMatch(/^[a-z0-9 ]*$/);
  });
});
