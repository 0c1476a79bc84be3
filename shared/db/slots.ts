/** At most `size` holders at once; the others wait in the order they asked. */
export class Slots {
  #free: number;
  readonly #waiting: Array<() => void> = [];

  constructor(size: number) {
    this.#free = size;
  }

  /** Resolves, once a slot is free, with the function that gives it back (call it exactly once). */
  acquire(): Promise<() => void> {
    return new Promise((resolve) => {
      const grant = () => resolve(() => this.#release());
      if (this.#free > 0) {
        this.#free--;
        grant();
      } else {
        this.#waiting.push(grant);
      }
    });
  }

  #release() {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#free++;
  }
}
