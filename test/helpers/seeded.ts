// A small deterministic generator (mulberry32) for development scripts that must make the same
// data on every run: the damage harness's damaged lines, the large-PDF benchmark's pages.

/** Numbers in [0, 1) from a 32-bit seed, the same sequence for the same seed. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The generator seeded by a string (FNV-1a of its UTF-16 code units). */
export function seededBy(seed: string): () => number {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
  return mulberry32(h);
}
