import type { KeyboardEvent } from 'react';

/** Where the focus goes when the menu opens from the keyboard: its first entry or its last. */
export type MenuOpening = 'first' | 'last';

export interface MenuKeysOptions {
  open: boolean;
  /** Opens the menu, the focus on that entry once it is drawn. */
  openWith: (focus: MenuOpening) => void;
  /** Closes it, giving the focus back to the button or leaving it where it went (Tab). */
  close: (restoreFocus: boolean) => void;
  /** The entries the arrow keys move through, in order. */
  items: () => HTMLElement[];
}

/**
 * The keys of the WAI-ARIA menu-button pattern (https://www.w3.org/WAI/ARIA/apg/patterns/menu-button/), for a
 * button and the menu it opens: on the button, Enter, Space and ArrowDown open the menu on its first entry and
 * ArrowUp on its last; in the menu, the arrows move (round the ends), Home and End go to the first and last
 * entries, Escape closes it and gives the focus back to the button, and Tab closes it where the focus goes.
 * Written once for every menu button of the product: MenuButton, and the shell's account menu, which imports
 * this file directly (it is not an export of the platform's 1.1 surface, platform/README.md "Compatibility").
 */
export function menuKeys({ open, openWith, close, items }: MenuKeysOptions): {
  onButtonKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  onMenuKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
} {
  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openWith('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openWith('last');
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => list[(to + list.length) % list.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        move(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        move(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        move(0);
        break;
      case 'End':
        event.preventDefault();
        move(list.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
      default:
    }
  };

  return { onButtonKeyDown, onMenuKeyDown };
}
