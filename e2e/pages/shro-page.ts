import type { Locator, Page } from '@playwright/test';

/** The Shro page (/session/:id): the boxes to pick from, the reveal, reactions, the creator's view. */
export class ShroPage {
  readonly boxes: Locator;
  readonly reactButtons: Locator;
  readonly verifiedContent: Locator;
  readonly verifiedWinner: Locator;
  readonly share: Locator;
  readonly shareDialog: Locator;

  constructor(readonly page: Page) {
    this.boxes = page.getByRole('button', { name: /^Mystery Box #/ });
    this.reactButtons = page.getByRole('button', { name: /^React / });
    this.verifiedContent = page.getByRole('button', { name: /^Verified: box content check/ });
    this.verifiedWinner = page.getByRole('button', { name: /^Verified: winning box check/ });
    this.share = page.getByRole('button', { name: 'Share', exact: true });
    this.shareDialog = page.getByRole('dialog', { name: 'Share your Shro' });
  }

  static path(shro: { id: string }) {
    return `/session/${shro.id}`;
  }

  async goto(shro: { id: string }) {
    await this.page.goto(ShroPage.path(shro));
  }

  /** A closed box a participant can pick. */
  box(position: number) {
    return this.page.getByRole('button', { name: `Mystery Box #${position}` });
  }

  async pick(position: number) {
    await this.box(position).click();
  }

  /** The result heading after a pick ("Box #2 Selected!"). */
  selected(position: number) {
    return this.page.getByText(`Box #${position} Selected!`);
  }

  /** The live announcement of what the opened box held and whether it won. */
  announcement(startsWith: string) {
    return this.page.getByRole('status').filter({ hasText: startsWith });
  }

  react(name: string) {
    return this.page.getByRole('button', { name: `React ${name}` });
  }
}
