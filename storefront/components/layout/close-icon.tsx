import { StrokeIcon } from '@/components/icons/stroke-icon';

/** The × drawn inside close buttons; the button itself carries the accessible name. */
export function CloseIcon() {
  return (
    <StrokeIcon>
      <path d="M6 6l12 12M18 6L6 18" />
    </StrokeIcon>
  );
}
