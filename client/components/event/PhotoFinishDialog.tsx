import * as Dialog from '@radix-ui/react-dialog';

/** The Photo Finish PDF button and the modal that shows the PDF (frame 70% of the viewport). */
export function PhotoFinishDialog({ pdfLink, eventName }: { pdfLink: string; eventName: string }) {
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <button type="button" className="btn">
          <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none">
            <path
              d="M4 7h3l2-3h6l2 3h3v13H4V7Z M12 17a4 4 0 1 0 0-8 4 4 0 0 0 0 8Z"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
            />
          </svg>
          Photo Finish PDF
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="ev-dialog-overlay" />
        <Dialog.Content className="ev-dialog-content ev-pdf-dialog">
          <div className="ev-dialog-head">
            <Dialog.Title className="ev-dialog-title">Photo Finish — {eventName}</Dialog.Title>
            <Dialog.Close asChild>
              <button type="button" className="ev-dialog-close" aria-label="Close">
                <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24">
                  <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2.5" />
                </svg>
              </button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="visually-hidden">
            The photo-finish image of this event as a PDF document.
          </Dialog.Description>
          <object
            className="ev-pdf-frame"
            data={pdfLink}
            type="application/pdf"
            aria-label="Photo finish PDF"
          >
            <div className="ev-pdf-fallback">
              <p>Your browser cannot show the PDF here. Download it to view it.</p>
            </div>
          </object>
          <div className="ev-dialog-actions">
            <a className="btn" href={pdfLink} download>
              Download PDF
            </a>
            <Dialog.Close asChild>
              <button type="button" className="btn btn-secondary">
                Close
              </button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
