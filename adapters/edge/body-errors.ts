import { AppError } from '../../kernel/errors/index.js';

/** Requests whose body cannot be read as JSON (REST and GraphQL alike). */
export class MalformedJsonError extends AppError {
  constructor(detail = 'The request body is not valid JSON.') {
    super(400, 'malformed_json', 'Malformed JSON', detail, { pointer: '' });
  }
}

export class DuplicateJsonKeyError extends AppError {
  constructor(pointer: string) {
    super(400, 'duplicate_json_key', 'Malformed JSON', 'The request body repeats a key within one object; send each key once.', { pointer });
  }
}

export class MalformedRequestError extends AppError {
  constructor(detail: string, code = 'malformed_request') {
    super(400, code, 'Bad request', detail);
  }
}

export class UnsupportedContentEncodingError extends AppError {
  constructor() {
    super(415, 'unsupported_content_encoding', 'Unsupported media type', 'Send the body without a content encoding.', {
      header: 'Content-Encoding',
    });
  }
}
