/** A link of the header's menu, in the bar and in the mobile menu. */
export interface NavItem {
  label: string;
  href: string;
  /** Home-page section the link points to, for highlighting. */
  sectionId?: string;
}
