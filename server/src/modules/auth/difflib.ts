/**
 * A faithful port of the parts of Python's difflib.SequenceMatcher that Django's
 * UserAttributeSimilarityValidator relies on (ratio and quick_ratio), over code points like Python's str.
 * No isjunk function; autojunk on, as in `SequenceMatcher(a=..., b=...)`.
 */
export interface Match {
  a: number;
  b: number;
  size: number;
}

function calculateRatio(matches: number, length: number): number {
  return length ? (2.0 * matches) / length : 1.0;
}

export class SequenceMatcher {
  private readonly a: string[];
  private readonly b: string[];
  private readonly b2j = new Map<string, number[]>();
  private fullbcount: Map<string, number> | undefined;

  constructor(a: string, b: string, autojunk = true) {
    this.a = Array.from(a);
    this.b = Array.from(b);
    this.b.forEach((elt, i) => {
      const indices = this.b2j.get(elt);
      if (indices) indices.push(i);
      else this.b2j.set(elt, [i]);
    });
    // difflib's "popular" heuristic: in long sequences, elements that are in more than 1% of b are junk.
    const n = this.b.length;
    if (autojunk && n >= 200) {
      const ntest = Math.floor(n / 100) + 1;
      for (const [elt, idxs] of [...this.b2j]) if (idxs.length > ntest) this.b2j.delete(elt);
    }
  }

  findLongestMatch(alo: number, ahi: number, blo: number, bhi: number): Match {
    const { a, b, b2j } = this;
    let besti = alo;
    let bestj = blo;
    let bestsize = 0;
    let j2len = new Map<number, number>();
    for (let i = alo; i < ahi; i += 1) {
      const newj2len = new Map<number, number>();
      for (const j of b2j.get(a[i] as string) ?? []) {
        if (j < blo) continue;
        if (j >= bhi) break;
        const k = (j2len.get(j - 1) ?? 0) + 1;
        newj2len.set(j, k);
        if (k > bestsize) {
          besti = i - k + 1;
          bestj = j - k + 1;
          bestsize = k;
        }
      }
      j2len = newj2len;
    }
    // With no isjunk function the only junk is the popular elements, which b2j no longer holds; difflib
    // extends the match over equal non-junk neighbours first, then over junk ones.
    const isbjunk = (elt: string) => !b2j.has(elt);
    while (besti > alo && bestj > blo && !isbjunk(b[bestj - 1] as string) && a[besti - 1] === b[bestj - 1]) {
      besti -= 1;
      bestj -= 1;
      bestsize += 1;
    }
    while (
      besti + bestsize < ahi &&
      bestj + bestsize < bhi &&
      !isbjunk(b[bestj + bestsize] as string) &&
      a[besti + bestsize] === b[bestj + bestsize]
    ) {
      bestsize += 1;
    }
    while (besti > alo && bestj > blo && isbjunk(b[bestj - 1] as string) && a[besti - 1] === b[bestj - 1]) {
      besti -= 1;
      bestj -= 1;
      bestsize += 1;
    }
    while (
      besti + bestsize < ahi &&
      bestj + bestsize < bhi &&
      isbjunk(b[bestj + bestsize] as string) &&
      a[besti + bestsize] === b[bestj + bestsize]
    ) {
      bestsize += 1;
    }
    return { a: besti, b: bestj, size: bestsize };
  }

  getMatchingBlocks(): Match[] {
    const la = this.a.length;
    const lb = this.b.length;
    const queue: Array<[number, number, number, number]> = [[0, la, 0, lb]];
    const blocks: Match[] = [];
    while (queue.length > 0) {
      const [alo, ahi, blo, bhi] = queue.pop() as [number, number, number, number];
      const m = this.findLongestMatch(alo, ahi, blo, bhi);
      if (m.size) {
        blocks.push(m);
        if (alo < m.a && blo < m.b) queue.push([alo, m.a, blo, m.b]);
        if (m.a + m.size < ahi && m.b + m.size < bhi) queue.push([m.a + m.size, ahi, m.b + m.size, bhi]);
      }
    }
    blocks.sort((x, y) => x.a - y.a || x.b - y.b || x.size - y.size);
    const merged: Match[] = [];
    let cur: Match = { a: 0, b: 0, size: 0 };
    for (const m of blocks) {
      if (cur.a + cur.size === m.a && cur.b + cur.size === m.b) {
        cur = { ...cur, size: cur.size + m.size };
      } else {
        if (cur.size) merged.push(cur);
        cur = m;
      }
    }
    if (cur.size) merged.push(cur);
    merged.push({ a: la, b: lb, size: 0 });
    return merged;
  }

  ratio(): number {
    const matches = this.getMatchingBlocks().reduce((sum, m) => sum + m.size, 0);
    return calculateRatio(matches, this.a.length + this.b.length);
  }

  quickRatio(): number {
    if (!this.fullbcount) {
      this.fullbcount = new Map();
      for (const elt of this.b) this.fullbcount.set(elt, (this.fullbcount.get(elt) ?? 0) + 1);
    }
    const avail = new Map<string, number>();
    let matches = 0;
    for (const elt of this.a) {
      const numb = avail.has(elt) ? (avail.get(elt) as number) : (this.fullbcount.get(elt) ?? 0);
      avail.set(elt, numb - 1);
      if (numb > 0) matches += 1;
    }
    return calculateRatio(matches, this.a.length + this.b.length);
  }
}
