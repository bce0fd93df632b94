import { createDeflate } from "node:zlib";

/**
 * A PNG writer fed a few pixel rows at a time. The chart is rendered in strips so a tall chart never needs
 * its whole bitmap in memory; this joins the strips into one image, compressing as they come.
 */

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CRC_TABLE = Array.from({ length: 256 }, (_, index) => {
  let c = index;
  for (let bit = 0; bit < 8; bit++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(...parts: Buffer[]): number {
  let crc = 0xffffffff;
  for (const part of parts) {
    for (const byte of part) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32(head.subarray(4), data), 0);
  return Buffer.concat([head, data, tail]);
}

/** Writes an opaque RGB PNG of `width` x `height` from RGBA strips given top to bottom. */
export class PngStripWriter {
  private readonly deflate = createDeflate({ level: 6 });
  private readonly compressed: Buffer[] = [];
  private readonly done: Promise<void>;
  private previous: Buffer;
  private rowsWritten = 0;

  constructor(
    private readonly width: number,
    private readonly height: number,
  ) {
    this.previous = Buffer.alloc(width * 3);
    this.deflate.on("data", (data: Buffer) => this.compressed.push(data));
    this.done = new Promise((resolve, reject) => {
      this.deflate.on("end", resolve);
      this.deflate.on("error", reject);
    });
  }

  /** Adds `rgba.length / (width * 4)` rows; alpha is dropped (the chart is drawn on white). */
  async write(rgba: Buffer): Promise<void> {
    const rowBytes = this.width * 4;
    if (rgba.length % rowBytes !== 0) throw new Error(`A strip of ${rgba.length} bytes is not whole rows of ${this.width} px`);
    const rows = rgba.length / rowBytes;
    if (this.rowsWritten + rows > this.height) throw new Error("More rows than the image is high");
    const out = Buffer.alloc(rows * (1 + this.width * 3));
    let at = 0;
    for (let row = 0; row < rows; row++) {
      const current = Buffer.alloc(this.width * 3);
      for (let x = 0, from = row * rowBytes; x < this.width; x++, from += 4) {
        current[x * 3] = rgba[from] ?? 0;
        current[x * 3 + 1] = rgba[from + 1] ?? 0;
        current[x * 3 + 2] = rgba[from + 2] ?? 0;
      }
      // Filter "Up": a chart is mostly rows equal to the one above, which this turns into zeros.
      out[at++] = 2;
      for (let i = 0; i < current.length; i++) out[at++] = ((current[i] ?? 0) - (this.previous[i] ?? 0)) & 0xff;
      this.previous = current;
    }
    this.rowsWritten += rows;
    if (!this.deflate.write(out)) await new Promise((resolve) => this.deflate.once("drain", resolve));
  }

  /** The finished file; every row must have been written. */
  async finish(): Promise<Buffer> {
    if (this.rowsWritten !== this.height) throw new Error(`The image has ${this.rowsWritten} of its ${this.height} rows`);
    this.deflate.end();
    await this.done;
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    // 8 bits per channel, colour type 2 (RGB), deflate, adaptive filtering, no interlace.
    header.set([8, 2, 0, 0, 0], 8);
    return Buffer.concat([SIGNATURE, chunk("IHDR", header), chunk("IDAT", Buffer.concat(this.compressed)), chunk("IEND", Buffer.alloc(0))]);
  }
}
