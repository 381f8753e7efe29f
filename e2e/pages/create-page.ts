import { expect, type Locator, type Page } from '@playwright/test';

/** The create page (/create): template picker, the form of each type, recipients and submit. */
export class CreatePage {
  readonly heading: Locator;
  readonly title: Locator;
  readonly submit: Locator;
  readonly change: Locator;
  readonly cancel: Locator;
  readonly shareableLink: Locator;
  readonly sharePublicly: Locator;
  readonly anonymous: Locator;
  readonly shuffled: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Create Shro', level: 1 });
    this.title = page.getByLabel('Title');
    this.submit = page.getByRole('button', { name: 'Create Shro' });
    this.change = page.getByRole('button', { name: 'Change' });
    this.cancel = page.getByRole('link', { name: 'Cancel' });
    this.shareableLink = page.getByRole('switch', { name: /Create a shareable link/ });
    this.sharePublicly = page.getByRole('switch', { name: /Share publicly on Explore/ });
    this.anonymous = page.getByRole('switch', { name: /Keep picks anonymous/ });
    this.shuffled = page.getByRole('switch', { name: /Shuffle the boxes for each person/ });
  }

  async goto(query = '') {
    await this.page.goto(`/create${query}`);
  }

  /** A template card of the picker (Custom Images, Custom Text, Where to Eat, Movie Night, Binge Watch). */
  template(name: string) {
    return this.page.getByRole('button', { name: new RegExp(name) });
  }

  /** A category filter of the picker (All, Personal, Entertainment…). */
  category(name: string) {
    return this.page.getByRole('button', { name, exact: true });
  }

  async chooseTemplate(name: string) {
    await this.template(name).click();
  }

  /** A text option field ("A" to "D"). */
  option(letter: string) {
    return this.page.getByLabel(`Option ${letter}`);
  }

  imageInput(box: number) {
    return this.page.getByLabel(`Image for Box ${box}`);
  }

  preview(box: number) {
    return this.page.getByRole('img', { name: `Preview of Box ${box}` });
  }

  label(box: number) {
    return this.page.getByLabel(`Label for Box ${box}`);
  }

  winningBox(box: number) {
    return this.page.getByRole('button', { name: `Winning box: Box ${box}` });
  }

  /** The recipient checkbox of a friend. */
  friend(username: string) {
    return this.page.getByRole('checkbox', { name: `@${username}` });
  }

  /**
   * Radix switches and checkboxes sit under their styled labels: click them through. A forced
   * click skips Playwright's own scrolling wait, so the control is brought to the middle of the
   * view first (a switch below the fold once failed with "Element is outside of the viewport").
   */
  async turnOn(control: Locator) {
    await control.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await control.check({ force: true });
  }

  /** Fills the title and the text options of a Custom Text form, in order (A, B, C…). */
  async fillText(title: string, ...options: string[]) {
    await this.title.fill(title);
    for (const [index, text] of options.entries()) await this.option(String.fromCharCode(65 + index)).fill(text);
  }

  /** Submits and waits for the new Shro's page. */
  async createAndOpen() {
    await this.submit.click();
    await this.page.waitForURL(/\/session\/[\w-]+$/);
  }

  /** Opens the page, picks Custom Text, fills it, makes it public and creates it. */
  async createPublicText(title: string, ...options: string[]) {
    await this.goto();
    await this.chooseTemplate('Custom Text');
    await this.fillText(title, ...options);
    await this.turnOn(this.sharePublicly);
    await this.createAndOpen();
  }

  async expectTitle(value: string) {
    await expect(this.title).toHaveValue(value);
  }
}
