import { useEffect } from 'react';

/** Every page's title ends in the product name. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} | Rith` : 'Rith';
  }, [title]);
}
