/** Each box position keeps its colour everywhere (grid, reveal, result, history). */
const BOX_GRADIENTS = [
  'from-purple-500 via-fuchsia-500 to-pink-500',
  'from-pink-500 via-rose-500 to-orange-400',
  'from-amber-400 via-orange-500 to-red-500',
  'from-cyan-400 via-sky-500 to-indigo-500',
] as const;

export const boxGradient = (position: number) => BOX_GRADIENTS[(position - 1 + 4) % 4]!;
