// Upload limits and the refusal of a file (docs/legacy-api.md §5 #12), shared by the multipart parser
// (utils/upload.server) and the models that check and store files by their bytes. `status` is the answer the pages and
// the API give.

export class UploadError extends Error {
  constructor(
    message: string,
    public status = 400,
  ) {
    super(message)
  }
}

export const MB = 1024 * 1024
export const COURSE_IMAGE_MAX_BYTES = 5 * MB
export const NOTE_MAX_BYTES = 20 * MB
export const CSV_MAX_BYTES = 512 * 1024
/** A quiz import's ZIP (the CSV and the images it names), as uploaded: what it holds is bounded again when it is read. */
export const QUIZ_ZIP_MAX_BYTES = 10 * MB
