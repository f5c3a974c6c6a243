import { TakeABreakScreen } from '../features/play/components/take-a-break-screen.tsx';

/** /take-a-break (product rules "Screens"): where the browser's back button leads during play. */
export function Component() {
  return <TakeABreakScreen />;
}
