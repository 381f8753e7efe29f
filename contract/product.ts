/** The product's name lives here only, so it can change in one place. */
export const PRODUCT_NAME = 'Shro';
export const PRODUCT_NAME_PLURAL = 'Shros';
/** Native status bar and page base tone. */
export const BRAND_BACKGROUND = '#1a1625';
