/** RFC 6901: '/' + segments with '~' as '~0' and '/' as '~1'; '' is the whole document. */
export function jsonPointer(segments: readonly string[]): string {
  return segments.map((segment) => '/' + segment.replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}
