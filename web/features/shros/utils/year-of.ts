/** The year of a `YYYY-MM-DD` release date, or '' when there is none. */
export const yearOf = (date: string | null | undefined) => (date ? date.slice(0, 4) : '');
