import { describe, expect, it } from "vitest";
import {
  aspectRatioFromFileName,
  aspectRatioToken,
  BASE58_ALPHABET,
  base58Decode,
  base58Encode,
  decodeKey,
  encodeKey,
  invertPermutation,
  isIdentityPermutation,
  isPermutation,
  lehmerToPermutation,
  originalHeightFromScrambled,
  PERMUTATION_COUNT,
  permutationToLehmer,
  RANDOM_ID_ALPHABET,
  randomId,
  randomPermutation,
  ScrambleError,
  scrambledFileName,
  scrambledHeight,
  scramblePlan,
  stripHeights,
  stripOffsets,
  unscramblePlan,
} from "./scramble";

const IDENTITY = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
const REVERSED = [9, 8, 7, 6, 5, 4, 3, 2, 1, 0];
const FACT = [1, 1, 2, 6, 24, 120, 720, 5040, 40320, 362880];

function expectScrambleError(fn: () => unknown, code: string, message: string) {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ScrambleError);
    expect((e as ScrambleError).code).toBe(code);
    expect((e as ScrambleError).message).toBe(message);
    return;
  }
  throw new Error(`expected ScrambleError ${code}`);
}

describe("alphabets", () => {
  it("uses the Bitcoin base-58 alphabet and a 64-character id alphabet", () => {
    expect(BASE58_ALPHABET).toBe("123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz");
    expect(new Set(BASE58_ALPHABET).size).toBe(58);
    expect(RANDOM_ID_ALPHABET).toHaveLength(64);
    expect(new Set(RANDOM_ID_ALPHABET).size).toBe(64);
    expect(RANDOM_ID_ALPHABET).toMatch(/^[A-Za-z0-9_-]+$/);
  });
});

describe("Lehmer code", () => {
  it("maps identity to 0 and the reversed permutation to 10! - 1", () => {
    expect(permutationToLehmer(IDENTITY)).toBe(0);
    expect(permutationToLehmer(REVERSED)).toBe(3628799);
    expect(PERMUTATION_COUNT).toBe(3628800);
  });

  it("is a bijection on samples across the whole range", () => {
    for (let n = 0; n < PERMUTATION_COUNT; n += 7919) {
      const perm = lehmerToPermutation(n);
      expect(isPermutation(perm)).toBe(true);
      expect(permutationToLehmer(perm)).toBe(n);
    }
  });

  it("rejects integers outside 0..10!-1", () => {
    expectScrambleError(() => lehmerToPermutation(PERMUTATION_COUNT), "invalidKeyCode", "Invalid key code");
    expectScrambleError(() => lehmerToPermutation(-1), "invalidKeyCode", "Invalid key code");
  });
});

describe("base58", () => {
  it("writes integers most significant digit first", () => {
    expect(base58Encode(0)).toBe("1");
    expect(base58Encode(57)).toBe("z");
    expect(base58Encode(58)).toBe("21");
    expect(base58Encode(3628799)).toBe("KbiW");
    expect(base58Decode("KbiW")).toBe(3628799);
    expect(base58Decode("21")).toBe(58);
  });
});

describe("key vectors (also listed in docs/scramble-format.md)", () => {
  // Each vector is derived by hand below, independently of the code under test.
  const b58 = (digits: number[]) => digits.map((d) => BASE58_ALPHABET[d]).join("");

  it("identity permutation: integer 0", () => {
    expect(encodeKey(IDENTITY, "aB3x")).toBe("aB3xH11");
    expect(decodeKey("aB3xH11")).toEqual(IDENTITY);
  });

  it("reversed permutation [9..0]: every digit is the largest, integer 10! - 1", () => {
    // d = [9,8,...,0]; sum d_i*(9-i)! = 10! - 1 = 3628799 = 18*58^3 + 34*58^2 + 41*58 + 29
    const n = REVERSED.reduce((sum, d, i) => sum + d * FACT[9 - i]!, 0);
    expect(n).toBe(3628799);
    expect(18 * 58 ** 3 + 34 * 58 ** 2 + 41 * 58 + 29).toBe(n);
    expect(`aB3xH${b58([18, 34, 41, 29])}${BASE58_ALPHABET[n % 58]}`).toBe("aB3xHKbiWW");
    expect(encodeKey(REVERSED, "aB3x")).toBe("aB3xHKbiWW");
    expect(decodeKey("aB3xHKbiWW")).toEqual(REVERSED);
  });

  it("[3,7,1,9,0,5,2,8,6,4]: integer 1339973", () => {
    // Unused values and the index of p[i] among them:
    // i0 p=3 in [0..9] -> 3; i1 p=7 in [0,1,2,4,5,6,7,8,9] -> 6; i2 p=1 in [0,1,2,4,5,6,8,9] -> 1;
    // i3 p=9 in [0,2,4,5,6,8,9] -> 6; i4 p=0 in [0,2,4,5,6,8] -> 0; i5 p=5 in [2,4,5,6,8] -> 2;
    // i6 p=2 in [2,4,6,8] -> 0; i7 p=8 in [4,6,8] -> 2; i8 p=6 in [4,6] -> 1; i9 p=4 -> 0.
    const n = 3 * 362880 + 6 * 40320 + 1 * 5040 + 6 * 720 + 0 * 120 + 2 * 24 + 0 * 6 + 2 * 2 + 1 * 1 + 0;
    expect(n).toBe(1339973);
    // 1339973 = 6*58^3 + 50*58^2 + 18*58 + 57; checksum 1339973 mod 58 = 57 -> "z"
    expect(6 * 58 ** 3 + 50 * 58 ** 2 + 18 * 58 + 57).toBe(n);
    expect(`xY9_H${b58([6, 50, 18, 57])}${b58([n % 58])}`).toBe("xY9_H7sKzz");
    const perm = [3, 7, 1, 9, 0, 5, 2, 8, 6, 4];
    expect(permutationToLehmer(perm)).toBe(n);
    expect(encodeKey(perm, "aB3x")).toBe("aB3xH7sKzz");
    expect(encodeKey(perm, "xY9_")).toBe("xY9_H7sKzz");
    expect(decodeKey("xY9_H7sKzz")).toEqual(perm);
  });

  it("[2,0,1,3,4,5,6,7,8,9]: integer 2 * 9! = 725760", () => {
    // d0 = 2 (index of 2 in 0..9), every later value is the smallest unused one: d = 0.
    const n = 2 * 362880;
    // 725760 = 3*58^3 + 41*58^2 + 43*58 + 6; checksum 725760 mod 58 = 6 -> "7"
    expect(3 * 58 ** 3 + 41 * 58 ** 2 + 43 * 58 + 6).toBe(n);
    expect(`aB3xH${b58([3, 41, 43, 6])}${b58([n % 58])}`).toBe("aB3xH4ik77");
    expect(encodeKey([2, 0, 1, 3, 4, 5, 6, 7, 8, 9], "aB3x")).toBe("aB3xH4ik77");
    expect(decodeKey("aB3xH4ik77")).toEqual([2, 0, 1, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("[1,0,2,...,9]: integer 9! = 362880", () => {
    expect(encodeKey([1, 0, 2, 3, 4, 5, 6, 7, 8, 9], "aB3x")).toBe("aB3xH2rsZZ");
  });
});

describe("encodeKey / decodeKey", () => {
  it("round-trips many random permutations with random prefixes", () => {
    for (let k = 0; k < 2000; k++) {
      const perm = randomPermutation();
      const key = encodeKey(perm);
      expect(key).toMatch(/^[A-Za-z0-9_-]{4}H[1-9A-HJ-NP-Za-km-z]{2,5}$/);
      expect(decodeKey(key)).toEqual(perm);
    }
  });

  it("accepts any 4-character prefix, including one containing H", () => {
    expect(decodeKey("HHHHH11")).toEqual(IDENTITY);
  });

  it("refuses to encode something that is not a permutation of 0..9 or a bad prefix", () => {
    expect(() => encodeKey([0, 1, 2], "abcd")).toThrow(RangeError);
    expect(() => encodeKey([0, 0, 2, 3, 4, 5, 6, 7, 8, 9], "abcd")).toThrow(RangeError);
    expect(() => encodeKey(IDENTITY, "abc")).toThrow(RangeError);
  });

  it("rejects keys of the wrong length", () => {
    for (const key of ["", "aB3xH1", "aB3xH", "aB3xH12345z"]) {
      expectScrambleError(() => decodeKey(key), "invalidKeyCode", "Invalid key code");
    }
  });

  it("rejects a key without H after the 4-character prefix", () => {
    expectScrambleError(() => decodeKey("aB3xG7sKzz"), "invalidKeyCode", "Invalid key code");
    expectScrambleError(() => decodeKey("aB3H7sKzz"), "invalidKeyCode", "Invalid key code");
  });

  it("rejects characters outside the base-58 alphabet", () => {
    for (const key of ["aB3xH7sK0z", "aB3xH7sKzO", "aB3xHl11", "aB3xH7sIzz", "aB3xH7s-zz"]) {
      expectScrambleError(() => decodeKey(key), "invalidBase58Character", "Invalid base58 character");
    }
  });

  it("rejects a wrong checksum", () => {
    expectScrambleError(() => decodeKey("aB3xH7sKzy"), "checksumMismatch", "Checksum mismatch");
    expectScrambleError(() => decodeKey("aB3xH12"), "checksumMismatch", "Checksum mismatch");
  });

  it("rejects an integer that is not a permutation of 10 strips", () => {
    // 10! = 3628800 = "KbiX" in base 58, checksum "X": well-formed but out of range.
    expect(base58Encode(PERMUTATION_COUNT)).toBe("KbiX");
    expectScrambleError(() => decodeKey("aB3xHKbiXX"), "invalidKeyCode", "Invalid key code");
    expectScrambleError(() => decodeKey("aB3xHzzzzz"), "invalidKeyCode", "Invalid key code");
  });

  it("exposes the i18n key of a rejection", () => {
    expect(new ScrambleError("checksumMismatch").i18nKey).toBe("errors.image.checksumMismatch");
    expect(new ScrambleError("checksumMismatch").name).toBe("ScrambleError");
  });
});

describe("randomness", () => {
  it("never returns the identity permutation", () => {
    for (let k = 0; k < 5000; k++) {
      const perm = randomPermutation();
      expect(isPermutation(perm)).toBe(true);
      expect(isIdentityPermutation(perm)).toBe(false);
    }
  });

  it("spreads every value over every position", () => {
    const counts = Array.from({ length: 10 }, () => new Array(10).fill(0));
    for (let k = 0; k < 10000; k++) {
      randomPermutation().forEach((v, i) => {
        counts[i]![v]++;
      });
    }
    for (const row of counts) for (const c of row) expect(c).toBeGreaterThan(700);
  });

  it("makes ids of the requested length over the 64-character alphabet", () => {
    expect(randomId()).toHaveLength(10);
    expect(randomId(4)).toHaveLength(4);
    expect(randomId(0)).toBe("");
    const all = Array.from({ length: 200 }, () => randomId(32)).join("");
    expect(new Set(all).size).toBe(64);
    for (const ch of all) expect(RANDOM_ID_ALPHABET).toContain(ch);
  });
});

describe("file names", () => {
  it("writes the ratio rounded to 4 decimals with L for the decimal point", () => {
    expect(aspectRatioToken(1300, 1957)).toBe("0L6643");
    expect(aspectRatioToken(1300, 1300)).toBe("1");
    expect(aspectRatioToken(1300, 650)).toBe("2");
    expect(aspectRatioToken(1300, 2600)).toBe("0L5");
    expect(aspectRatioToken(1300, 30000)).toBe("0L0433");
  });

  it("names a scrambled file {10-char id}_{ratio}", () => {
    const name = scrambledFileName(1300, 1957);
    expect(name).toMatch(/^[A-Za-z0-9_-]{10}_0L6643$/);
    expect(aspectRatioFromFileName(`${name}.jpg`)).toBe(0.6643);
    expect(aspectRatioFromFileName("comics/1/abc_1.jpg")).toBe(1);
    expect(aspectRatioFromFileName("plain.jpg")).toBeNull();
  });

  it("rejects non-positive sizes", () => {
    expect(() => scrambledFileName(0, 100)).toThrow(RangeError);
    expect(() => aspectRatioToken(100, Number.NaN)).toThrow(RangeError);
  });
});

describe("geometry", () => {
  it.each([
    [10, [1, 1, 1, 1, 1, 1, 1, 1, 1, 1], 46],
    [11, [2, 1, 1, 1, 1, 1, 1, 1, 1, 1], 47],
    [19, [2, 2, 2, 2, 2, 2, 2, 2, 2, 1], 55],
    [1957, [196, 196, 196, 196, 196, 196, 196, 195, 195, 195], 1993],
    [1999, [200, 200, 200, 200, 200, 200, 200, 200, 200, 199], 2035],
  ])("height %i -> strips %j, scrambled height %i", (h, heights, scrambled) => {
    expect(stripHeights(h)).toEqual(heights);
    expect(heights.reduce((a, b) => a + b, 0)).toBe(h);
    expect(scrambledHeight(h)).toBe(scrambled);
    expect(originalHeightFromScrambled(scrambled)).toBe(h);
  });

  it("places strips at cumulative offsets", () => {
    expect(stripOffsets(19)).toEqual([0, 2, 4, 6, 8, 10, 12, 14, 16, 18]);
  });

  it("rejects scrambled images too short for 10 strips and 9 gaps", () => {
    for (const H of [45, 36, 0, -5, 46.5]) {
      expectScrambleError(
        () => originalHeightFromScrambled(H),
        "invalidScrambledHeight",
        "Invalid scrambled image height",
      );
      expectScrambleError(
        () => unscramblePlan(H, IDENTITY),
        "invalidScrambledHeight",
        "Invalid scrambled image height",
      );
    }
  });

  it("refuses to cut an original image shorter than 10 px", () => {
    expect(() => stripHeights(9)).toThrow(RangeError);
    expect(() => scrambledHeight(9.5)).toThrow(RangeError);
  });

  it("plans the drawImage copies for a scramble (vector in docs/scramble-format.md)", () => {
    const plan = scramblePlan(19, [9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    expect(plan.originalHeight).toBe(19);
    expect(plan.scrambledHeight).toBe(55);
    // Position 0 holds strip 9 (1 px, at y 18), position 1 holds strip 8 (2 px, at y 16), ...
    expect(plan.copies.slice(0, 3)).toEqual([
      { srcY: 18, dstY: 0, height: 1 },
      { srcY: 16, dstY: 5, height: 2 },
      { srcY: 14, dstY: 11, height: 2 },
    ]);
    expect(plan.copies[9]).toEqual({ srcY: 0, dstY: 53, height: 2 });
    expect(plan.gaps).toEqual([1, 7, 13, 19, 25, 31, 37, 43, 49].map((y) => ({ y, height: 4 })));
  });

  it("plans the unscramble as the exact reverse of the scramble", () => {
    const perm = [3, 7, 1, 9, 0, 5, 2, 8, 6, 4];
    const forward = scramblePlan(1957, perm);
    const back = unscramblePlan(1993, perm);
    expect(back.originalHeight).toBe(1957);
    expect(back.copies).toEqual(
      forward.copies.map((c) => ({ srcY: c.dstY, dstY: c.srcY, height: c.height })),
    );
  });

  it("inverts a permutation", () => {
    const perm = [3, 7, 1, 9, 0, 5, 2, 8, 6, 4];
    const inv = invertPermutation(perm);
    for (let j = 0; j < 10; j++) expect(perm[inv[j]!]).toBe(j);
  });
});
