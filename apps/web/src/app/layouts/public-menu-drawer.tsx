import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';

/** The public menu on a phone, in a chunk of its own that loads when the menu is first opened. */
export default function PublicMenuDrawer(props: { opened: boolean; onClose: () => void; title: string; children: ReactNode }) {
  return (
    <Drawer opened={props.opened} onClose={props.onClose} title={props.title} hiddenFrom="md" size="80%">
      {props.children}
    </Drawer>
  );
}
