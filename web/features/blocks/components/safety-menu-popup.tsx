import { DropdownMenu } from 'radix-ui';
import type { LoadedPopupProps } from '@/components/load-on-intent';
import { MenuContent } from '@/components/ui/menu';
import { type SafetyMenuTarget, useSafetyMenuItems } from './safety-menu-items';

/**
 * The mute and block menu behind `SafetyMenu`'s "…" button (decisions 104, 105), with the block
 * confirmation. Loaded when the user reaches for the button: Radix's menu, popper and dialog code
 * stay out of the pages' first load (decision 094).
 */
export default function SafetyMenuPopup({ user, shroId, trigger, defaultOpen }: SafetyMenuTarget & LoadedPopupProps) {
  const { items, dialog } = useSafetyMenuItems({ user, shroId });
  return (
    <>
      <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
        <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
        <MenuContent>{items}</MenuContent>
      </DropdownMenu.Root>
      {dialog}
    </>
  );
}
