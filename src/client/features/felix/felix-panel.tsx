/** The Felix assistant panel of spec-1 §2/§4 (issue 5). */
export function FelixPanel() {
  return null;
}
