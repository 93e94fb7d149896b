/**
 * The upload form's file picker, a plain multipart form field that works before JavaScript loads. Once hydrated, a
 * drop zone appears around it: dropped files are put in the same field and the same form is submitted. Files the
 * server would refuse for their type or size are named at once, before anything is sent.
 */
import { useEffect, useRef, useState } from "react";
import {
  ACCEPTED_PICTURE_TYPES,
  MAX_PICTURE_BYTES,
  MAX_PICTURES_PER_UPLOAD,
  PICTURE_TOO_LARGE_MESSAGE,
  UNSUPPORTED_PICTURE_MESSAGE,
  UPLOAD_TOO_LARGE_MESSAGE,
} from "@core/pictures";

/** What is wrong with a choice of files, in the server's words; the server still checks each by its content. */
function refusalOf(files: File[]): string | null {
  if (files.length > MAX_PICTURES_PER_UPLOAD) return UPLOAD_TOO_LARGE_MESSAGE;
  // A browser that cannot name a file's type (an empty type) leaves the question to the server.
  const unsupported = files.find((file) => file.type !== "" && !(ACCEPTED_PICTURE_TYPES as readonly string[]).includes(file.type));
  if (unsupported) return `${unsupported.name}: ${UNSUPPORTED_PICTURE_MESSAGE}`;
  const tooLarge = files.find((file) => file.size > MAX_PICTURE_BYTES);
  return tooLarge ? `${tooLarge.name}: ${PICTURE_TOO_LARGE_MESSAGE}` : null;
}

export function PictureDropZone({ error }: { error?: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const [over, setOver] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => setHydrated(true), []);

  const take = (files: File[], submit: boolean) => {
    const problem = refusalOf(files);
    setRefusal(problem);
    const field = input.current;
    if (problem || !field) return;
    if (submit) {
      const transfer = new DataTransfer();
      for (const file of files) transfer.items.add(file);
      field.files = transfer.files;
      field.form?.requestSubmit();
    }
  };

  const shown = refusal ?? error;
  const picker = (
    <div>
      <label htmlFor="picture-files" className="mb-1 block font-medium">
        Pictures
      </label>
      <input
        ref={input}
        id="picture-files"
        name="file"
        type="file"
        multiple
        accept={ACCEPTED_PICTURE_TYPES.join(",")}
        aria-describedby={`picture-files-hint${shown ? " picture-files-error" : ""}`}
        aria-invalid={shown ? true : undefined}
        onChange={(event) => take([...(event.currentTarget.files ?? [])], false)}
        className="block w-full rounded border border-black/30 bg-white px-3 py-2"
      />
      <p id="picture-files-hint" className="mt-1 text-sm">
        JPEG, PNG, WebP or AVIF, up to 20 MB each and {MAX_PICTURES_PER_UPLOAD} at once. Location data is removed from every picture.
      </p>
      {shown ? (
        <p id="picture-files-error" role="alert" className="mt-1 text-sm text-red-800">
          {shown}
        </p>
      ) : null}
    </div>
  );
  if (!hydrated) return picker;
  return (
    <div
      data-testid="picture-drop-zone"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        take([...event.dataTransfer.files], true);
      }}
      className={`rounded-lg border-2 border-dashed p-4 ${over ? "border-ink bg-black/5" : "border-black/30"}`}
    >
      <p className="mb-3 font-medium">Drop pictures here to upload them, or choose them below.</p>
      {picker}
    </div>
  );
}
