/**
 * A page's React Server Components payload (the `self.__next_f.push` scripts at the end of the
 * body) repeats two texts the document already carries, for nobody:
 * - the inlined stylesheet (Next.js's `inlineCss` puts it in the payload as a text row): React
 *   finds the head's `<style data-href>` by its address and never reads the text, and a client
 *   navigation's payload links the sheet instead;
 * - each inline script's text (the JSON-LD blocks, the print line's script): hydration never
 *   compares a `dangerouslySetInnerHTML` (it compares text children only), so the script keeps
 *   the text the document gave it, and a script never runs twice.
 * This filter empties those copies as the document streams through the server, and changes
 * nothing else: a copy it does not find whole in one payload script (a row split between two
 * scripts, an escape it does not expect) is sent as it came. docs/page-cache.md, "Compression".
 */

/** What Next.js escapes in a payload script's JSON, so that no text can end the script. */
const SCRIPT_ESCAPES: Record<string, string> = {
  '&': '\\u0026',
  '<': '\\u003c',
  '>': '\\u003e',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

const ELEMENT_START = /<(script|style)[\s>]/g;
const SHEET = /^<style data-precedence="[^"]*" data-href="[^"]*"[^>]*>(.*)<\/style>$/s;
/** An inline script's text: JSON-LD, or a script with its nonce and no source. */
const INLINE_SCRIPT = /^<script(?: type="application\/ld\+json"| nonce="[^"]*")>(.*)<\/script>$/s;
const PAYLOAD = /^(<script[^>]*>)self\.__next_f\.push\((\[1,".*"\])\)<\/script>$/s;
/** Long enough to hold the start of an element split between two chunks. */
const TAIL = '<script'.length;

export class PayloadTrim {
  readonly #decoder = new TextDecoder();
  /** Texts the document carries, each emptied where the payload repeats it. */
  readonly #texts = new Set<string>();
  /** The start of an element not yet whole, or a tail that may start one. */
  #pending = '';

  /** The document's next bytes, as far as they can be sent now. */
  push(chunk: Uint8Array): string {
    return this.#take(this.#pending + this.#decoder.decode(chunk, { stream: true }), false);
  }

  /** The rest of the document, at its end. */
  end(): string {
    return this.#take(this.#pending + this.#decoder.decode(), true);
  }

  #take(text: string, last: boolean): string {
    let out = '';
    let from = 0;
    for (;;) {
      ELEMENT_START.lastIndex = from;
      const start = ELEMENT_START.exec(text);
      if (!start) {
        const keep = last ? text.length : Math.max(from, text.length - TAIL);
        this.#pending = text.slice(keep);
        return out + text.slice(from, keep);
      }
      const close = `</${start[1]}>`;
      const end = text.indexOf(close, start.index);
      if (end < 0) {
        this.#pending = last ? '' : text.slice(start.index);
        return out + text.slice(from, last ? text.length : start.index);
      }
      const element = text.slice(start.index, end + close.length);
      out += text.slice(from, start.index) + this.#element(element);
      from = end + close.length;
    }
  }

  #element(element: string): string {
    const payload = PAYLOAD.exec(element);
    if (!payload) {
      const carried = SHEET.exec(element) ?? INLINE_SCRIPT.exec(element);
      if (carried?.[1]) this.#texts.add(carried[1]);
      return element;
    }
    if (!payload[1] || !payload[2] || this.#texts.size === 0) return element;
    let data: unknown;
    try {
      data = JSON.parse(payload[2]);
    } catch {
      return element;
    }
    if (!Array.isArray(data) || typeof data[1] !== 'string') return element;
    const rows = this.#trim(data[1]);
    if (rows === data[1]) return element;
    const json = JSON.stringify([1, rows]).replace(/[&<>\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c]!);
    return `${payload[1]}self.__next_f.push(${json})</script>`;
  }

  /**
   * The payload's rows without the copies: a long text is a row of its own (`id:T<its length
   * in bytes, hex>,text`), a short one a string in its element's row.
   */
  #trim(rows: string): string {
    let trimmed = rows;
    for (const text of this.#texts) {
      const row = `:T${Buffer.byteLength(text).toString(16)},${text}`;
      const at = trimmed.indexOf(row);
      if (at >= 0 && followsRowId(trimmed, at))
        trimmed = `${trimmed.slice(0, at)}:T0,${trimmed.slice(at + row.length)}`;
      const inline = `"__html":${JSON.stringify(text)}`;
      trimmed = trimmed.replace(inline, () => '"__html":""');
    }
    return trimmed;
  }
}

/**
 * Whether the `:T` at `at` follows a row's id (hex digits; at the script's start, the id may
 * end the script before). A row follows a newline, or directly the text of a row before it.
 * The copy holds quotes, which a string inside a row escapes: found whole, it is a row.
 */
function followsRowId(rows: string, at: number): boolean {
  return at === 0 || /[0-9a-f]/.test(rows[at - 1] ?? '');
}
