import { TakeABreakScreen } from '../features/play/components/take-a-break-screen.tsx';

/** /take-a-break (spec §2): where the browser's back button leads during play. */
export function Component() {
  return <TakeABreakScreen />;
}
