/**
 * Decoding and encoding a picture is the shop's only work whose memory grows with its input: a 40-megapixel picture
 * takes 160 MB decoded, and libvips keeps much of what it took. Every picture the process handles (an upload, one an
 * import fetched, one the seed draws) therefore waits here for its turn, one at a time per process, so the peak is
 * one picture's whatever arrives at once (decision 0041). The work receives sharp to open its inputs with; sharp
 * opened here refuses, before decoding, any input over MAX_PICTURE_PIXELS.
 */
import type { Metadata, Sharp, SharpInput, SharpOptions } from "sharp";
import { MAX_PICTURE_PIXELS } from "../../core/pictures";

export type PictureTools = {
  /** Opens a picture within the shop's pixel bound. */
  open: (input: SharpInput, options?: Omit<SharpOptions, "limitInputPixels">) => Sharp;
  /**
   * A picture's header (format, width, height), read without decoding a pixel and whatever its size, so a picture
   * over the bound can be refused naming its size; throws for a file libvips cannot read.
   */
  readHeader: (input: Buffer) => Promise<Metadata>;
};

let loading: Promise<PictureTools> | undefined;

/** sharp, loaded on the first picture: libvips takes about 30 MB, and many processes never see a picture. */
function loadSharp(): Promise<PictureTools> {
  loading ??= import("sharp").then(({ default: sharp }) => {
    // libvips keeps the last 100 operations' results (up to 50 MB) for a repeat that never comes: each picture is
    // new. One libvips thread per pipeline: a queue of one picture gains nothing from more, and each thread holds
    // its own buffers (measured: decision 0041).
    sharp.cache(false);
    sharp.concurrency(1);
    return {
      open: (input, options) => sharp(input, { ...options, limitInputPixels: MAX_PICTURE_PIXELS }),
      readHeader: (input) => sharp(input, { failOn: "error", limitInputPixels: false }).metadata(),
    };
  });
  return loading;
}

export type PictureQueueState = {
  /** Pictures being worked on: never more than one. */
  running: number;
  /** Pictures waiting for their turn. */
  waiting: number;
};

const waiting: Array<() => void> = [];
let running = 0;
let taken = false;
const observers = new Set<(state: PictureQueueState) => void>();

function report() {
  const state = { running, waiting: waiting.length };
  for (const observer of observers) observer(state);
}

/** Calls `observer` with the queue's state at each change, until the returned function is called. */
export function observePictureQueue(observer: (state: PictureQueueState) => void): () => void {
  observers.add(observer);
  return () => observers.delete(observer);
}

/** Runs `work` when no other picture is being worked on in this process, first come first served. */
export async function onePictureAtATime<T>(work: (tools: PictureTools) => Promise<T>): Promise<T> {
  const tools = await loadSharp();
  if (taken) {
    await new Promise<void>((resolve) => {
      waiting.push(resolve);
      report();
    });
  }
  // A finished picture hands its turn straight to the next, so a caller arriving meanwhile cannot jump the queue.
  taken = true;
  running++;
  report();
  try {
    return await work(tools);
  } finally {
    running--;
    const next = waiting.shift();
    if (!next) taken = false;
    report();
    next?.();
  }
}
