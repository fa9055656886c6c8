/**
 * A pure function of one word, with its answers kept: screening compares the same listed words
 * again and again, and each of these readings is a run of regular-expression replacements. Up to
 * `max` answers are kept, then all are let go at once (a word's answer is cheap to work out again).
 */
export function remembered<T>(read: (word: string) => T, max = 50_000): (word: string) => T {
  const answers = new Map<string, T>();
  return (word) => {
    let answer = answers.get(word);
    if (answer === undefined) {
      answer = read(word);
      if (answers.size >= max) answers.clear();
      answers.set(word, answer);
    }
    return answer;
  };
}
