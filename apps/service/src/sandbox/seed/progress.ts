/** A one-line progress bar on stderr, redrawn at most five times a second (every five seconds when not a terminal). */
export function progressBar(
  label: string,
  stream: NodeJS.WriteStream = process.stderr,
): (done: number, total: number) => void {
  let drawnAt = 0;
  const started = Date.now();
  return (done, total) => {
    const now = Date.now();
    if (now - drawnAt < (stream.isTTY ? 200 : 5000) && done < total) return;
    drawnAt = now;
    const fraction = total > 0 ? Math.min(done / total, 1) : 1;
    const width = 30;
    const filled = Math.round(fraction * width);
    const seconds = ((now - started) / 1000).toFixed(0);
    const line = `${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(fraction * 100).toFixed(0).padStart(3)}% ${done}/${total} ${seconds}s`;
    stream.write(stream.isTTY ? `\r${line}` : `${line}\n`);
    if (done >= total && stream.isTTY) stream.write('\n');
  };
}
