/** The floating hints widget of spec-2 §2.3 (issue 5). */
export function HintsWidget() {
  return null;
}
