import { useEffect } from 'react';

/** Sets the tab title for a page; " | HalalNosh" is added unless the title names the product already. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title.includes('HalalNosh') ? title : `${title} | HalalNosh`;
  }, [title]);
}
