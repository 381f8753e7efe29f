import { z } from 'zod';

/** One violation as the log keeps it: what was blocked, by which directive, where; nothing else. */
export interface CspViolation {
  documentUrl?: string;
  blockedUrl?: string;
  directive?: string;
  disposition?: string;
  sourceFile?: string;
  line?: number;
  column?: number;
  sample?: string;
}

/** A batch may hold many reports; a flood of them in one body is logged only this far. */
const MAX_VIOLATIONS_PER_BODY = 20;
const MAX_URL = 200;
const MAX_SAMPLE = 80;
const MAX_WORD = 60;

// The fields inside a report vary by browser and version: read loosely, and only the known ones kept.
const reportFields = z.record(z.string(), z.unknown());
/** `report-uri`: one violation per request, `{"csp-report": {...}}` with dashed names. */
const reportUriBodySchema = z.strictObject({ 'csp-report': reportFields });
/** `report-to` (the Reporting API): a batch of reports of every type; only `csp-violation` ones are ours. */
const reportingBodySchema = z.array(z.looseObject({ type: z.string(), body: reportFields.optional() }));

/**
 * The violations in a report body (either format), cleaned for the log; `null` when the body is
 * not a report at all. Never trusts the sender: only known fields, as text or whole numbers,
 * control characters out, lengths capped, URLs without query or fragment (they can hold tokens).
 */
export function violationsFromReport(body: unknown): CspViolation[] | null {
  const single = reportUriBodySchema.safeParse(body);
  if (single.success) {
    const r = single.data['csp-report'];
    return [
      compact({
        documentUrl: cleanUrl(r['document-uri']),
        blockedUrl: cleanUrl(r['blocked-uri']),
        directive: cleanText(r['effective-directive'] ?? r['violated-directive'], MAX_WORD),
        disposition: cleanText(r.disposition, MAX_WORD),
        sourceFile: cleanUrl(r['source-file']),
        line: cleanNumber(r['line-number']),
        column: cleanNumber(r['column-number']),
        sample: cleanText(r['script-sample'], MAX_SAMPLE),
      }),
    ];
  }
  const batch = reportingBodySchema.safeParse(body);
  if (!batch.success) return null;
  return batch.data
    .filter((report) => report.type === 'csp-violation' && report.body)
    .slice(0, MAX_VIOLATIONS_PER_BODY)
    .map(({ body: r = {} }) =>
      compact({
        documentUrl: cleanUrl(r.documentURL),
        blockedUrl: cleanUrl(r.blockedURL),
        directive: cleanText(r.effectiveDirective, MAX_WORD),
        disposition: cleanText(r.disposition, MAX_WORD),
        sourceFile: cleanUrl(r.sourceFile),
        line: cleanNumber(r.lineNumber),
        column: cleanNumber(r.columnNumber),
        sample: cleanText(r.sample, MAX_SAMPLE),
      }),
    );
}

function compact(violation: CspViolation): CspViolation {
  return Object.fromEntries(Object.entries(violation).filter(([, value]) => value !== undefined)) as CspViolation;
}

/** Text without control or format characters (no forged log lines, no bidi tricks), capped. */
function cleanText(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ');
  if (text.trim() === '') return undefined;
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/**
 * A URL as origin and path only; other schemes (data:, blob:, an extension) as scheme and host;
 * CSP keywords (`inline`, `eval`, …) as they are.
 */
function cleanUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) && URL.canParse(value)) {
    const url = new URL(value);
    const kept = /^(https?|wss?):$/.test(url.protocol)
      ? `${url.origin}${url.pathname}`
      : `${url.protocol}${url.host ? `//${url.host}` : ''}`;
    return cleanText(kept, MAX_URL);
  }
  return cleanText(value, MAX_WORD);
}

function cleanNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}
