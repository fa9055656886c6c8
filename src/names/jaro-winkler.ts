/** Jaro-Winkler similarity of two strings, as published (0..1, common prefixes favoured). */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  const la = a.length;
  const lb = b.length;
  if (la === 0 || lb === 0) return 0;
  const window = Math.max(0, Math.floor(Math.max(la, lb) / 2) - 1);
  // Which characters matched, as bits: names' words are short, and screening compares many.
  if (la > 31 || lb > 31) return jaroWinklerLong(a, b, window);
  let aMatch = 0;
  let bMatch = 0;
  let matches = 0;
  for (let i = 0; i < la; i++) {
    const lo = Math.max(0, i - window);
    const hi = Math.min(lb - 1, i + window);
    for (let j = lo; j <= hi; j++) {
      if (bMatch & (1 << j) || a[i] !== b[j]) continue;
      aMatch |= 1 << i;
      bMatch |= 1 << j;
      matches++;
      break;
    }
  }
  if (matches === 0) return 0;
  let k = 0;
  let transpositions = 0;
  for (let i = 0; i < la; i++) {
    if (!(aMatch & (1 << i))) continue;
    while (!(bMatch & (1 << k))) k++;
    if (a[i] !== b[k]) transpositions++;
    k++;
  }
  return winkler(a, b, matches, transpositions);
}

function winkler(a: string, b: string, matches: number, transpositions: number): number {
  const la = a.length;
  const lb = b.length;
  const m = matches;
  const jaro = (m / la + m / lb + (m - transpositions / 2) / m) / 3;
  let prefix = 0;
  while (prefix < 4 && a[prefix] === b[prefix]) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
}

function jaroWinklerLong(a: string, b: string, window: number): number {
  const la = a.length;
  const lb = b.length;
  const aMatch = new Array<boolean>(la).fill(false);
  const bMatch = new Array<boolean>(lb).fill(false);
  let matches = 0;
  for (let i = 0; i < la; i++) {
    const lo = Math.max(0, i - window);
    const hi = Math.min(lb - 1, i + window);
    for (let j = lo; j <= hi; j++) {
      if (bMatch[j] || a[i] !== b[j]) continue;
      aMatch[i] = true;
      bMatch[j] = true;
      matches++;
      break;
    }
  }
  if (matches === 0) return 0;
  let k = 0;
  let transpositions = 0;
  for (let i = 0; i < la; i++) {
    if (!aMatch[i]) continue;
    while (!bMatch[k]) k++;
    if (a[i] !== b[k]) transpositions++;
    k++;
  }
  return winkler(a, b, matches, transpositions);
}
