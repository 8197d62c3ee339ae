import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';

/**
 * The frame of the admin's Add/Edit dialogs: a title, a scrolling body and a close button.
 * Radix keeps focus inside and gives it back to the opener when the dialog closes.
 */
export function AdminDialog({
  open,
  onClose,
  title,
  description,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="admin-overlay" />
        <Dialog.Content
          className="admin-dialog"
          {...(description ? {} : { 'aria-describedby': undefined })}
          // A stray click beside a long form must not throw away what was typed.
          onInteractOutside={(event) => event.preventDefault()}
        >
          <div className="admin-dialog-head">
            <Dialog.Title className="admin-dialog-title">{title}</Dialog.Title>
            <Dialog.Close className="admin-dialog-close" aria-label="Close">
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path
                  d="M6 6l12 12M18 6L6 18"
                  stroke="currentColor"
                  strokeWidth="2.5"
                  strokeLinecap="round"
                />
              </svg>
            </Dialog.Close>
          </div>
          {description && (
            <Dialog.Description className="admin-dialog-description">
              {description}
            </Dialog.Description>
          )}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
