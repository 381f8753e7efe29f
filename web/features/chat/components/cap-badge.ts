/** Unread badges read "9+" above nine (docs/product.md §9). */
export const capBadge = (count: number) => (count > 9 ? '9+' : String(count));
