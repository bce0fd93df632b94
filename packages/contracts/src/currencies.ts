import { z } from "zod";

/**
 * The currencies an invoice may be written in: ISO 4217 codes with their symbols, English name and the
 * number of decimal digits of their minor unit (0 for JPY and KRW, 3 for BHD, KWD, JOD, OMR, TND ...).
 * `rounding` is the cash rounding step of the currency (0.05 for CHF, else 0); it is shown, not applied:
 * invoices round to the minor unit (see invoice-money.ts).
 */

/** One currency of the list. */
export const currencySchema = z.object({
  /** ISO 4217 code, e.g. `USD`. */
  code: z.string(),
  /** Symbol as shown in English text (`$`, `CA$`, `BHD`). */
  symbol: z.string(),
  /** Symbol as shown in the currency's own country. */
  symbol_native: z.string(),
  /** English name. */
  name: z.string(),
  /** Decimal digits of the minor unit: amounts are stored as integers of 10^-decimal_digits. */
  decimal_digits: z.number().int(),
  /** Cash rounding step, 0 when none. */
  rounding: z.number(),
});
export type Currency = z.infer<typeof currencySchema>;

/** The currency of an organisation that chose none. */
export const DEFAULT_CURRENCY_CODE = "USD";

/** Every currency, sorted by code. */
export const CURRENCIES: readonly Currency[] = [
  { code: "AED", symbol: "AED", symbol_native: "د.إ.", name: "United Arab Emirates Dirham", decimal_digits: 2, rounding: 0 },
  { code: "AFN", symbol: "AFN", symbol_native: "؋", name: "Afghan Afghani", decimal_digits: 0, rounding: 0 },
  { code: "ALL", symbol: "ALL", symbol_native: "Lekë", name: "Albanian Lek", decimal_digits: 0, rounding: 0 },
  { code: "AMD", symbol: "AMD", symbol_native: "֏", name: "Armenian Dram", decimal_digits: 2, rounding: 0 },
  { code: "AOA", symbol: "AOA", symbol_native: "AOA", name: "Angolan Kwanza", decimal_digits: 2, rounding: 0 },
  { code: "ARS", symbol: "ARS", symbol_native: "ARS", name: "Argentine Peso", decimal_digits: 2, rounding: 0 },
  { code: "AUD", symbol: "A$", symbol_native: "A$", name: "Australian Dollar", decimal_digits: 2, rounding: 0 },
  { code: "AWG", symbol: "AWG", symbol_native: "AWG", name: "Aruban Florin", decimal_digits: 2, rounding: 0 },
  { code: "AZN", symbol: "AZN", symbol_native: "₼", name: "Azerbaijani Manat", decimal_digits: 2, rounding: 0 },
  { code: "BAM", symbol: "BAM", symbol_native: "KM", name: "Bosnia-Herzegovina Convertible Mark", decimal_digits: 2, rounding: 0 },
  { code: "BBD", symbol: "BBD", symbol_native: "BBD", name: "Barbadian Dollar", decimal_digits: 2, rounding: 0 },
  { code: "BDT", symbol: "BDT", symbol_native: "৳", name: "Bangladeshi Taka", decimal_digits: 2, rounding: 0 },
  { code: "BGN", symbol: "BGN", symbol_native: "лв.", name: "Bulgarian Lev", decimal_digits: 2, rounding: 0 },
  { code: "BHD", symbol: "BHD", symbol_native: "د.ب.", name: "Bahraini Dinar", decimal_digits: 3, rounding: 0 },
  { code: "BIF", symbol: "BIF", symbol_native: "FBu", name: "Burundian Franc", decimal_digits: 0, rounding: 0 },
  { code: "BMD", symbol: "BMD", symbol_native: "BMD", name: "Bermudan Dollar", decimal_digits: 2, rounding: 0 },
  { code: "BND", symbol: "BND", symbol_native: "BND", name: "Brunei Dollar", decimal_digits: 2, rounding: 0 },
  { code: "BOB", symbol: "BOB", symbol_native: "BOB", name: "Bolivian Boliviano", decimal_digits: 2, rounding: 0 },
  { code: "BRL", symbol: "R$", symbol_native: "R$", name: "Brazilian Real", decimal_digits: 2, rounding: 0 },
  { code: "BSD", symbol: "BSD", symbol_native: "BSD", name: "Bahamian Dollar", decimal_digits: 2, rounding: 0 },
  { code: "BTN", symbol: "BTN", symbol_native: "Nu.", name: "Bhutanese Ngultrum", decimal_digits: 2, rounding: 0 },
  { code: "BWP", symbol: "BWP", symbol_native: "BWP", name: "Botswanan Pula", decimal_digits: 2, rounding: 0 },
  { code: "BYN", symbol: "BYN", symbol_native: "BYN", name: "Belarusian Ruble", decimal_digits: 2, rounding: 0 },
  { code: "BZD", symbol: "BZD", symbol_native: "BZD", name: "Belize Dollar", decimal_digits: 2, rounding: 0 },
  { code: "CAD", symbol: "CA$", symbol_native: "CA$", name: "Canadian Dollar", decimal_digits: 2, rounding: 0 },
  { code: "CDF", symbol: "CDF", symbol_native: "CDF", name: "Congolese Franc", decimal_digits: 2, rounding: 0 },
  { code: "CHF", symbol: "CHF", symbol_native: "CHF", name: "Swiss Franc", decimal_digits: 2, rounding: 0.05 },
  { code: "CLP", symbol: "CLP", symbol_native: "CLP", name: "Chilean Peso", decimal_digits: 0, rounding: 0 },
  { code: "CNY", symbol: "CN¥", symbol_native: "¥", name: "Chinese Yuan", decimal_digits: 2, rounding: 0 },
  { code: "COP", symbol: "COP", symbol_native: "COP", name: "Colombian Peso", decimal_digits: 0, rounding: 0 },
  { code: "CRC", symbol: "CRC", symbol_native: "CRC", name: "Costa Rican Colón", decimal_digits: 2, rounding: 0 },
  { code: "CUP", symbol: "CUP", symbol_native: "CUP", name: "Cuban Peso", decimal_digits: 2, rounding: 0 },
  { code: "CVE", symbol: "CVE", symbol_native: "CVE", name: "Cape Verdean Escudo", decimal_digits: 2, rounding: 0 },
  { code: "CZK", symbol: "CZK", symbol_native: "Kč", name: "Czech Koruna", decimal_digits: 2, rounding: 0 },
  { code: "DJF", symbol: "DJF", symbol_native: "DJF", name: "Djiboutian Franc", decimal_digits: 0, rounding: 0 },
  { code: "DKK", symbol: "DKK", symbol_native: "kr.", name: "Danish Krone", decimal_digits: 2, rounding: 0 },
  { code: "DOP", symbol: "DOP", symbol_native: "DOP", name: "Dominican Peso", decimal_digits: 2, rounding: 0 },
  { code: "DZD", symbol: "DZD", symbol_native: "د.ج.", name: "Algerian Dinar", decimal_digits: 2, rounding: 0 },
  { code: "EGP", symbol: "EGP", symbol_native: "ج.م.", name: "Egyptian Pound", decimal_digits: 2, rounding: 0 },
  { code: "ERN", symbol: "ERN", symbol_native: "ERN", name: "Eritrean Nakfa", decimal_digits: 2, rounding: 0 },
  { code: "ETB", symbol: "ETB", symbol_native: "ብር", name: "Ethiopian Birr", decimal_digits: 2, rounding: 0 },
  { code: "EUR", symbol: "€", symbol_native: "€", name: "Euro", decimal_digits: 2, rounding: 0 },
  { code: "FJD", symbol: "FJD", symbol_native: "FJD", name: "Fijian Dollar", decimal_digits: 2, rounding: 0 },
  { code: "FKP", symbol: "FKP", symbol_native: "FKP", name: "Falkland Islands Pound", decimal_digits: 2, rounding: 0 },
  { code: "GBP", symbol: "£", symbol_native: "£", name: "British Pound", decimal_digits: 2, rounding: 0 },
  { code: "GEL", symbol: "GEL", symbol_native: "₾", name: "Georgian Lari", decimal_digits: 2, rounding: 0 },
  { code: "GHS", symbol: "GHS", symbol_native: "GH₵", name: "Ghanaian Cedi", decimal_digits: 2, rounding: 0 },
  { code: "GIP", symbol: "GIP", symbol_native: "GIP", name: "Gibraltar Pound", decimal_digits: 2, rounding: 0 },
  { code: "GMD", symbol: "GMD", symbol_native: "GMD", name: "Gambian Dalasi", decimal_digits: 2, rounding: 0 },
  { code: "GNF", symbol: "GNF", symbol_native: "GNF", name: "Guinean Franc", decimal_digits: 0, rounding: 0 },
  { code: "GTQ", symbol: "GTQ", symbol_native: "GTQ", name: "Guatemalan Quetzal", decimal_digits: 2, rounding: 0 },
  { code: "GYD", symbol: "GYD", symbol_native: "GYD", name: "Guyanaese Dollar", decimal_digits: 2, rounding: 0 },
  { code: "HKD", symbol: "HK$", symbol_native: "HK$", name: "Hong Kong Dollar", decimal_digits: 2, rounding: 0 },
  { code: "HNL", symbol: "HNL", symbol_native: "HNL", name: "Honduran Lempira", decimal_digits: 2, rounding: 0 },
  { code: "HTG", symbol: "HTG", symbol_native: "HTG", name: "Haitian Gourde", decimal_digits: 2, rounding: 0 },
  { code: "HUF", symbol: "HUF", symbol_native: "Ft", name: "Hungarian Forint", decimal_digits: 0, rounding: 0 },
  { code: "IDR", symbol: "IDR", symbol_native: "Rp", name: "Indonesian Rupiah", decimal_digits: 0, rounding: 0 },
  { code: "ILS", symbol: "₪", symbol_native: "₪", name: "Israeli New Shekel", decimal_digits: 2, rounding: 0 },
  { code: "INR", symbol: "₹", symbol_native: "₹", name: "Indian Rupee", decimal_digits: 2, rounding: 0 },
  { code: "IQD", symbol: "IQD", symbol_native: "د.ع.", name: "Iraqi Dinar", decimal_digits: 0, rounding: 0 },
  { code: "IRR", symbol: "IRR", symbol_native: "ریال", name: "Iranian Rial", decimal_digits: 0, rounding: 0 },
  { code: "ISK", symbol: "ISK", symbol_native: "kr.", name: "Icelandic Króna", decimal_digits: 0, rounding: 0 },
  { code: "JMD", symbol: "JMD", symbol_native: "JMD", name: "Jamaican Dollar", decimal_digits: 2, rounding: 0 },
  { code: "JOD", symbol: "JOD", symbol_native: "د.أ.", name: "Jordanian Dinar", decimal_digits: 3, rounding: 0 },
  { code: "JPY", symbol: "¥", symbol_native: "￥", name: "Japanese Yen", decimal_digits: 0, rounding: 0 },
  { code: "KES", symbol: "KES", symbol_native: "Ksh", name: "Kenyan Shilling", decimal_digits: 2, rounding: 0 },
  { code: "KGS", symbol: "KGS", symbol_native: "сом", name: "Kyrgyz Som", decimal_digits: 2, rounding: 0 },
  { code: "KHR", symbol: "KHR", symbol_native: "៛", name: "Cambodian Riel", decimal_digits: 2, rounding: 0 },
  { code: "KMF", symbol: "KMF", symbol_native: "KMF", name: "Comorian Franc", decimal_digits: 0, rounding: 0 },
  { code: "KPW", symbol: "KPW", symbol_native: "KPW", name: "North Korean Won", decimal_digits: 0, rounding: 0 },
  { code: "KRW", symbol: "₩", symbol_native: "₩", name: "South Korean Won", decimal_digits: 0, rounding: 0 },
  { code: "KWD", symbol: "KWD", symbol_native: "د.ك.", name: "Kuwaiti Dinar", decimal_digits: 3, rounding: 0 },
  { code: "KYD", symbol: "KYD", symbol_native: "KYD", name: "Cayman Islands Dollar", decimal_digits: 2, rounding: 0 },
  { code: "KZT", symbol: "KZT", symbol_native: "KZT", name: "Kazakhstani Tenge", decimal_digits: 2, rounding: 0 },
  { code: "LAK", symbol: "LAK", symbol_native: "₭", name: "Laotian Kip", decimal_digits: 0, rounding: 0 },
  { code: "LBP", symbol: "LBP", symbol_native: "ل.ل.", name: "Lebanese Pound", decimal_digits: 0, rounding: 0 },
  { code: "LKR", symbol: "LKR", symbol_native: "රු.", name: "Sri Lankan Rupee", decimal_digits: 2, rounding: 0 },
  { code: "LRD", symbol: "LRD", symbol_native: "LRD", name: "Liberian Dollar", decimal_digits: 2, rounding: 0 },
  { code: "LSL", symbol: "LSL", symbol_native: "LSL", name: "Lesotho Loti", decimal_digits: 2, rounding: 0 },
  { code: "LYD", symbol: "LYD", symbol_native: "د.ل.", name: "Libyan Dinar", decimal_digits: 3, rounding: 0 },
  { code: "MAD", symbol: "MAD", symbol_native: "د.م.", name: "Moroccan Dirham", decimal_digits: 2, rounding: 0 },
  { code: "MDL", symbol: "MDL", symbol_native: "MDL", name: "Moldovan Leu", decimal_digits: 2, rounding: 0 },
  { code: "MGA", symbol: "MGA", symbol_native: "Ar", name: "Malagasy Ariary", decimal_digits: 0, rounding: 0 },
  { code: "MKD", symbol: "MKD", symbol_native: "ден.", name: "Macedonian Denar", decimal_digits: 2, rounding: 0 },
  { code: "MMK", symbol: "MMK", symbol_native: "K", name: "Myanmar Kyat", decimal_digits: 0, rounding: 0 },
  { code: "MNT", symbol: "MNT", symbol_native: "₮", name: "Mongolian Tugrik", decimal_digits: 2, rounding: 0 },
  { code: "MOP", symbol: "MOP", symbol_native: "MOP$", name: "Macanese Pataca", decimal_digits: 2, rounding: 0 },
  { code: "MRU", symbol: "MRU", symbol_native: "أ.م.", name: "Mauritanian Ouguiya", decimal_digits: 2, rounding: 0 },
  { code: "MUR", symbol: "MUR", symbol_native: "MUR", name: "Mauritian Rupee", decimal_digits: 2, rounding: 0 },
  { code: "MVR", symbol: "MVR", symbol_native: "MVR", name: "Maldivian Rufiyaa", decimal_digits: 2, rounding: 0 },
  { code: "MWK", symbol: "MWK", symbol_native: "MWK", name: "Malawian Kwacha", decimal_digits: 2, rounding: 0 },
  { code: "MXN", symbol: "MX$", symbol_native: "MXN", name: "Mexican Peso", decimal_digits: 2, rounding: 0 },
  { code: "MYR", symbol: "MYR", symbol_native: "RM", name: "Malaysian Ringgit", decimal_digits: 2, rounding: 0 },
  { code: "MZN", symbol: "MZN", symbol_native: "MZN", name: "Mozambican Metical", decimal_digits: 2, rounding: 0 },
  { code: "NAD", symbol: "NAD", symbol_native: "NAD", name: "Namibian Dollar", decimal_digits: 2, rounding: 0 },
  { code: "NGN", symbol: "NGN", symbol_native: "NGN", name: "Nigerian Naira", decimal_digits: 2, rounding: 0 },
  { code: "NIO", symbol: "NIO", symbol_native: "NIO", name: "Nicaraguan Córdoba", decimal_digits: 2, rounding: 0 },
  { code: "NOK", symbol: "NOK", symbol_native: "kr", name: "Norwegian Krone", decimal_digits: 2, rounding: 0 },
  { code: "NPR", symbol: "NPR", symbol_native: "नेरू", name: "Nepalese Rupee", decimal_digits: 2, rounding: 0 },
  { code: "NZD", symbol: "NZ$", symbol_native: "NZ$", name: "New Zealand Dollar", decimal_digits: 2, rounding: 0 },
  { code: "OMR", symbol: "OMR", symbol_native: "ر.ع.", name: "Omani Rial", decimal_digits: 3, rounding: 0 },
  { code: "PAB", symbol: "PAB", symbol_native: "PAB", name: "Panamanian Balboa", decimal_digits: 2, rounding: 0 },
  { code: "PEN", symbol: "PEN", symbol_native: "PEN", name: "Peruvian Sol", decimal_digits: 2, rounding: 0 },
  { code: "PGK", symbol: "PGK", symbol_native: "PGK", name: "Papua New Guinean Kina", decimal_digits: 2, rounding: 0 },
  { code: "PHP", symbol: "₱", symbol_native: "₱", name: "Philippine Peso", decimal_digits: 2, rounding: 0 },
  { code: "PKR", symbol: "PKR", symbol_native: "Rs", name: "Pakistani Rupee", decimal_digits: 0, rounding: 0 },
  { code: "PLN", symbol: "PLN", symbol_native: "zł", name: "Polish Zloty", decimal_digits: 2, rounding: 0 },
  { code: "PYG", symbol: "PYG", symbol_native: "PYG", name: "Paraguayan Guarani", decimal_digits: 0, rounding: 0 },
  { code: "QAR", symbol: "QAR", symbol_native: "ر.ق.", name: "Qatari Riyal", decimal_digits: 2, rounding: 0 },
  { code: "RON", symbol: "RON", symbol_native: "RON", name: "Romanian Leu", decimal_digits: 2, rounding: 0 },
  { code: "RSD", symbol: "RSD", symbol_native: "RSD", name: "Serbian Dinar", decimal_digits: 2, rounding: 0 },
  { code: "RUB", symbol: "RUB", symbol_native: "₽", name: "Russian Ruble", decimal_digits: 2, rounding: 0 },
  { code: "RWF", symbol: "RWF", symbol_native: "RF", name: "Rwandan Franc", decimal_digits: 0, rounding: 0 },
  { code: "SAR", symbol: "SAR", symbol_native: "ر.س.", name: "Saudi Riyal", decimal_digits: 2, rounding: 0 },
  { code: "SBD", symbol: "SBD", symbol_native: "SBD", name: "Solomon Islands Dollar", decimal_digits: 2, rounding: 0 },
  { code: "SCR", symbol: "SCR", symbol_native: "SCR", name: "Seychellois Rupee", decimal_digits: 2, rounding: 0 },
  { code: "SDG", symbol: "SDG", symbol_native: "ج.س.", name: "Sudanese Pound", decimal_digits: 2, rounding: 0 },
  { code: "SEK", symbol: "SEK", symbol_native: "kr", name: "Swedish Krona", decimal_digits: 2, rounding: 0 },
  { code: "SGD", symbol: "SGD", symbol_native: "SGD", name: "Singapore Dollar", decimal_digits: 2, rounding: 0 },
  { code: "SHP", symbol: "SHP", symbol_native: "SHP", name: "St. Helena Pound", decimal_digits: 2, rounding: 0 },
  { code: "SLE", symbol: "SLE", symbol_native: "SLE", name: "Sierra Leonean Leone", decimal_digits: 2, rounding: 0 },
  { code: "SOS", symbol: "SOS", symbol_native: "S", name: "Somali Shilling", decimal_digits: 0, rounding: 0 },
  { code: "SRD", symbol: "SRD", symbol_native: "SRD", name: "Surinamese Dollar", decimal_digits: 2, rounding: 0 },
  { code: "SSP", symbol: "SSP", symbol_native: "SSP", name: "South Sudanese Pound", decimal_digits: 2, rounding: 0 },
  { code: "STN", symbol: "STN", symbol_native: "STN", name: "São Tomé & Príncipe Dobra", decimal_digits: 2, rounding: 0 },
  { code: "SVC", symbol: "SVC", symbol_native: "SVC", name: "Salvadoran Colón", decimal_digits: 2, rounding: 0 },
  { code: "SYP", symbol: "SYP", symbol_native: "ل.س.", name: "Syrian Pound", decimal_digits: 0, rounding: 0 },
  { code: "SZL", symbol: "SZL", symbol_native: "SZL", name: "Swazi Lilangeni", decimal_digits: 2, rounding: 0 },
  { code: "THB", symbol: "THB", symbol_native: "฿", name: "Thai Baht", decimal_digits: 2, rounding: 0 },
  { code: "TJS", symbol: "TJS", symbol_native: "сом.", name: "Tajikistani Somoni", decimal_digits: 2, rounding: 0 },
  { code: "TMT", symbol: "TMT", symbol_native: "TMT", name: "Turkmenistani Manat", decimal_digits: 2, rounding: 0 },
  { code: "TND", symbol: "TND", symbol_native: "د.ت.", name: "Tunisian Dinar", decimal_digits: 3, rounding: 0 },
  { code: "TOP", symbol: "TOP", symbol_native: "T$", name: "Tongan Paʻanga", decimal_digits: 2, rounding: 0 },
  { code: "TRY", symbol: "TRY", symbol_native: "₺", name: "Turkish Lira", decimal_digits: 2, rounding: 0 },
  { code: "TTD", symbol: "TTD", symbol_native: "TTD", name: "Trinidad & Tobago Dollar", decimal_digits: 2, rounding: 0 },
  { code: "TWD", symbol: "NT$", symbol_native: "$", name: "New Taiwan Dollar", decimal_digits: 2, rounding: 0 },
  { code: "TZS", symbol: "TZS", symbol_native: "TSh", name: "Tanzanian Shilling", decimal_digits: 2, rounding: 0 },
  { code: "UAH", symbol: "UAH", symbol_native: "₴", name: "Ukrainian Hryvnia", decimal_digits: 2, rounding: 0 },
  { code: "UGX", symbol: "UGX", symbol_native: "UGX", name: "Ugandan Shilling", decimal_digits: 0, rounding: 0 },
  { code: "USD", symbol: "$", symbol_native: "$", name: "US Dollar", decimal_digits: 2, rounding: 0 },
  { code: "UYU", symbol: "UYU", symbol_native: "UYU", name: "Uruguayan Peso", decimal_digits: 2, rounding: 0 },
  { code: "UZS", symbol: "UZS", symbol_native: "soʻm", name: "Uzbekistani Som", decimal_digits: 2, rounding: 0 },
  { code: "VES", symbol: "VES", symbol_native: "VES", name: "Venezuelan Bolívar", decimal_digits: 2, rounding: 0 },
  { code: "VND", symbol: "₫", symbol_native: "₫", name: "Vietnamese Dong", decimal_digits: 0, rounding: 0 },
  { code: "VUV", symbol: "VUV", symbol_native: "VUV", name: "Vanuatu Vatu", decimal_digits: 0, rounding: 0 },
  { code: "WST", symbol: "WST", symbol_native: "WST", name: "Samoan Tala", decimal_digits: 2, rounding: 0 },
  { code: "XAF", symbol: "FCFA", symbol_native: "FCFA", name: "Central African CFA Franc", decimal_digits: 0, rounding: 0 },
  { code: "XCD", symbol: "EC$", symbol_native: "EC$", name: "East Caribbean Dollar", decimal_digits: 2, rounding: 0 },
  { code: "XCG", symbol: "Cg.", symbol_native: "Cg.", name: "Caribbean guilder", decimal_digits: 2, rounding: 0 },
  { code: "XOF", symbol: "F CFA", symbol_native: "F CFA", name: "West African CFA Franc", decimal_digits: 0, rounding: 0 },
  { code: "XPF", symbol: "CFPF", symbol_native: "FCFP", name: "CFP Franc", decimal_digits: 0, rounding: 0 },
  { code: "YER", symbol: "YER", symbol_native: "ر.ي.", name: "Yemeni Rial", decimal_digits: 0, rounding: 0 },
  { code: "ZAR", symbol: "ZAR", symbol_native: "ZAR", name: "South African Rand", decimal_digits: 2, rounding: 0 },
  { code: "ZMW", symbol: "ZMW", symbol_native: "ZMW", name: "Zambian Kwacha", decimal_digits: 2, rounding: 0 },
  { code: "ZWG", symbol: "ZWG", symbol_native: "ZWG", name: "Zimbabwean Gold", decimal_digits: 2, rounding: 0 },
];

const BY_CODE: ReadonlyMap<string, Currency> = new Map(CURRENCIES.map((currency) => [currency.code, currency]));

/** The currency with this code (case-insensitive), or null. */
export function findCurrency(code: string): Currency | null {
  return BY_CODE.get(code.trim().toUpperCase()) ?? null;
}

/** Whether the code names a currency of the list. */
export function isCurrencyCode(code: string): boolean {
  return BY_CODE.has(code.trim().toUpperCase());
}

/** The decimal digits of a currency's minor unit; 2 for a code not in the list. */
export function currencyDigits(code: string): number {
  return findCurrency(code)?.decimal_digits ?? 2;
}

/** A currency code of the list, upper-cased. */
export const zCurrencyCode = z
  .string()
  .trim()
  .toUpperCase()
  .refine((code) => BY_CODE.has(code), "Unknown currency code");

/** `GET /api/pm-pro/v2/invoice/currencies`. */
export const currencyListResponse = z.object({ data: z.array(currencySchema) });
