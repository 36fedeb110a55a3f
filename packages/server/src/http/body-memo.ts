/**
 * Answers remembered by request body, for the operations whose answer is a function of the request
 * alone while the app lives: `POST /v2/fungible/route` reads only the registry, which is fixed when
 * the app is built. A wallet asks the same route again and again while its user looks at the form;
 * a remembered answer is written without validation, pathfinding or serialization (a route answer
 * allocates ~40 KiB; BENCHMARKS.md, "Router"). Keyed by the bytes as sent, with the URL and content
 * type: a body that only looks alike is asked again. Only successful answers are kept.
 */

/** Bodies longer than this are not remembered (a route request is ~300 bytes). */
const MAX_BODY_BYTES = 4_096;

export interface BodyMemo {
  /** The remembered answer to this request, if any. */
  get(key: string): Buffer | undefined;
  remember(key: string, answer: Buffer): void;
}

/** The memo key of a request, or undefined when it is not one to remember. */
export function bodyMemoKey(url: string, contentType: string | undefined, body: Buffer | undefined) {
  if (!body || body.length > MAX_BODY_BYTES) return undefined;
  return `${contentType ?? ""}\n${url}\n${body.toString("latin1")}`;
}

/** A memo of at most `entries` answers; the least recently used goes first. */
export function createBodyMemo(entries = 1_024): BodyMemo {
  const answers = new Map<string, Buffer>();
  return {
    get(key) {
      const answer = answers.get(key);
      if (answer !== undefined) {
        // Map order is insertion order: moved to the end, it is the most recently used.
        answers.delete(key);
        answers.set(key, answer);
      }
      return answer;
    },
    remember(key, answer) {
      answers.delete(key);
      answers.set(key, answer);
      if (answers.size > entries) answers.delete(answers.keys().next().value as string);
    },
  };
}
