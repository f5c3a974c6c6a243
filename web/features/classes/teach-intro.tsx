/**
 * What class mode is and how a lesson runs (docs/class-mode.md): shown to a teacher who has not
 * signed in yet, and above a teacher's classes.
 */
export function TeachIntro() {
  return (
    <div className="grid gap-3 text-lg">
      <p>
        Class mode runs SEO Adventure as a lesson. Your students play the same hat shop on their
        phones or laptops, without accounts; you watch the class on your screen and lead the
        discussion from what they actually chose.
      </p>
      <h2 className="font-retro text-2xl">How a lesson runs</h2>
      <ol className="grid list-decimal gap-1 pl-6">
        <li>Create a class here. It gets a 6-character code and a QR code.</li>
        <li>
          Press <strong>Present</strong> and put it on the projector: students scan the QR code or
          type the code at /join, with a first name only you see.
        </li>
        <li>
          They play for 10 to 20 minutes. Your class page follows each of them live: where they are,
          their search position, and who has gone idle.
        </li>
        <li>
          Open the <strong>Debrief</strong>: step through the story's decisions and show how the
          class split, the better option and the lesson behind it, with names hidden.
        </li>
        <li>Close the class to new students, and export it to a spreadsheet if you want.</li>
      </ol>
    </div>
  );
}
