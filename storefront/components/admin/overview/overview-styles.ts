/**
 * The overview's own stylesheet, inline in its document (the page loads nothing else): the shop's
 * colours and the admin pages' cards, tables and buttons, for a phone first. The security policy
 * allows inline styles (lib/security/security-headers.ts); contrast is WCAG AA throughout.
 */
export const OVERVIEW_STYLES = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#fff;line-height:1.5}
a{color:#065f46}
.skip{position:absolute;left:-9999px}
.skip:focus{left:1rem;top:1rem;background:#fff;padding:.5rem;z-index:10}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
header.site{border-bottom:1px solid #e2e8f0;padding:.75rem 1rem}
header.site a{font-weight:700;text-decoration:none;color:#0f172a;display:inline-block;padding:.25rem 0}
main{max-width:72rem;margin:0 auto;padding:1.5rem 1rem 3rem}
main>*+*{margin-top:1.5rem}
section>*+*{margin-top:.75rem}
h1{font-size:1.75rem;margin:0}
h2{font-size:1.25rem;margin:0}
.sections{display:flex;flex-wrap:wrap;gap:.5rem;list-style:none;margin:0;padding:0 0 .75rem;border-bottom:1px solid #e2e8f0}
.sections a{display:inline-block;border-radius:.5rem;padding:.5rem 1rem;font-size:.875rem;font-weight:600;color:#1e293b;text-decoration:none}
.sections a.current{background:#047857;color:#fff}
.heading-row{display:flex;flex-wrap:wrap;align-items:flex-end;justify-content:space-between;gap:.75rem}
.button,button{display:inline-block;border:1px solid #047857;border-radius:.5rem;background:#047857;color:#fff;padding:.5rem 1rem;font:inherit;font-size:.875rem;font-weight:600;text-decoration:none;cursor:pointer;min-height:2.5rem}
.button.outline,button.outline,.presets button{background:#fff;color:#065f46}
.presets button{border-color:#cbd5e1;color:#1e293b}
.presets button.pressed{background:#047857;border-color:#047857;color:#fff}
.panel{border:1px solid #e2e8f0;border-radius:.75rem;background:#f8fafc;padding:1rem}
.panel form+form{margin-top:.75rem}
.presets,.days{display:flex;flex-wrap:wrap;gap:.5rem;align-items:flex-end}
.days label{font-size:.875rem;color:#334155}
.days input{display:block;margin-top:.25rem;border:1px solid #cbd5e1;border-radius:.5rem;padding:.375rem .5rem;font:inherit;min-height:2.5rem}
.problem{width:100%;margin:0;color:#b91c1c;font-size:.875rem}
.quiet{color:#475569;font-size:.875rem}
.failure{border:1px solid #fecaca;background:#fef2f2;color:#991b1b;border-radius:.5rem;padding:1rem}
.failure p{margin:0 0 .5rem}
.cards{display:grid;grid-template-columns:1fr;gap:.75rem;margin:0;padding:0;list-style:none}
@media(min-width:40rem){.cards{grid-template-columns:repeat(2,1fr)}.cards.three{grid-template-columns:repeat(3,1fr)}}
@media(min-width:64rem){.cards.four{grid-template-columns:repeat(4,1fr)}.cards.five{grid-template-columns:repeat(5,1fr)}}
.card{border:1px solid #e2e8f0;border-radius:.75rem;padding:1rem}
.card dt,.card p{margin:0;font-size:.875rem;color:#475569}
.card dd{margin:0}
.card .value{margin-top:.25rem;font-size:1.5rem;font-weight:700;color:#0f172a}
.card .change{margin-top:.25rem;font-size:.75rem;color:#475569}
.chart svg{display:block;width:100%;height:auto}
.chart .wide{display:none}
@media(min-width:48rem){.chart .narrow{display:none}.chart .wide{display:block}}
.table-fold{border:1px solid #e2e8f0;border-radius:.5rem}
.table-fold summary{cursor:pointer;padding:.5rem .75rem;font-size:.875rem;font-weight:600;color:#065f46}
.scroll{overflow:auto;max-height:20rem}
.bordered{border:1px solid #e2e8f0;border-radius:.5rem;max-height:none}
table{width:100%;border-collapse:collapse;font-size:.875rem;text-align:left}
caption{padding:.5rem 1rem;text-align:left;color:#475569}
thead{background:#f8fafc}
th,td{padding:.4rem .75rem;border-top:1px solid #f1f5f9}
tbody th{font-weight:400}
.scroll th+th,.number{text-align:right;font-variant-numeric:tabular-nums}
.bordered th+th{text-align:left}
.state{display:inline-block;border:1px solid;border-radius:999px;padding:0 .5rem;font-size:.75rem;font-weight:600}
.state.ok{border-color:#a7f3d0;background:#ecfdf5;color:#065f46}
.state.warning{border-color:#fde68a;background:#fffbeb;color:#78350f}
.state.down{border-color:#fecaca;background:#fef2f2;color:#991b1b}
.state.off{border-color:#e2e8f0;background:#f8fafc;color:#334155}
.state.info{border-color:#bae6fd;background:#f0f9ff;color:#075985}
.refused{max-width:36rem;margin:0 auto;border:1px solid #fde68a;background:#fffbeb;border-radius:1rem;padding:2rem;text-align:center}
.refused strong{overflow-wrap:anywhere}
`;
