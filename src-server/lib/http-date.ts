/** RFC 1123 date in GMT, the API's date format (`Tue, 13 Mar 2018 12:44:45 GMT`). */
export function toHttpDate(date: Date): string {
  return date.toUTCString()
}
