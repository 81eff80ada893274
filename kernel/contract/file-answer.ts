/**
 * An operation's answer that is a file rather than a view (a generated SDK
 * archive, a script to embed): the HTTP adapter sends the bytes as they are
 * with this media type, as an attachment named `fileName` unless `inline`.
 * Its route declares `produces` instead of `response`.
 */
export class FileAnswer {
  constructor(
    readonly fileName: string,
    readonly mediaType: string,
    readonly content: Uint8Array,
    readonly inline = false,
  ) {}
}
