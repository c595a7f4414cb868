/** One price of a faction's points table: what a designer can change. */
export interface PriceEntry {
  /** The faction's id. */
  faction: string;
  /** A name a designer reads, e.g. "Shieldbearers extra model" or "Shieldbearers: Drillmaster". */
  name: string;
  /** JSON pointer to the price in the faction file, e.g. "/regiments/0/extraModelPoints". */
  pointer: string;
  /** The price today. */
  price: number;
}
