//! The fixed parts of the HTML page: its style, its script and the
//! Content-Security-Policy that allows exactly these two by their hashes.

use sha2::{Digest, Sha256};

/// The page's style sheet (screen and print on A4).
pub const STYLE: &str = r#"
:root{--ink:#1d1d1d;--muted:#5b5b5b;--rule:#d8d2c4;--error:#b3261e;--warning:#a15c00;--info:#1c5fa8}
*{box-sizing:border-box}
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:var(--ink);margin:0 auto;max-width:1100px;padding:16px 20px;background:#fbfaf7}
h1{font-size:22px;margin:0 0 8px}h2{font-size:18px;margin:24px 0 8px;border-bottom:2px solid var(--rule)}
h3{font-size:15px;margin:20px 0 6px;word-break:break-all}h4{font-size:14px;margin:0 0 4px;font-weight:600}
code{font-family:ui-monospace,"SFMono-Regular",Menlo,Consolas,monospace;font-size:13px}
table{border-collapse:collapse;margin:6px 0 10px}th,td{border:1px solid var(--rule);padding:3px 7px;text-align:left;vertical-align:top}
th{background:#f0ece2;font-weight:600}td.n{text-align:right}td.rules{font-size:12px;color:var(--muted)}
.wide{overflow-x:auto}table.players{font-size:12px}table.players th{font-size:11px}
table.totals th{width:8em}table.codes td:first-child{white-space:nowrap}
.sev{font-weight:700;text-transform:uppercase;font-size:11px;letter-spacing:.04em}
.sev.error{color:var(--error)}.sev.warning{color:var(--warning)}.sev.info{color:var(--info)}
.status{font-size:12px;font-weight:400;color:var(--muted)}
.file.unreadable .status{color:var(--error)}
article.finding{border:1px solid var(--rule);border-left:5px solid var(--info);background:#fff;border-radius:4px;padding:10px 12px;margin:10px 0}
article.finding.error{border-left-color:var(--error)}article.finding.warning{border-left-color:var(--warning)}
.place{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12px;color:var(--muted);word-break:break-all}
.where{color:var(--muted);font-weight:400}
.msg{margin:4px 0 6px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:4px 0 8px}dt{color:var(--muted)}dd{margin:0;word-break:break-word}
.boardbox{margin-top:6px}
.choices{margin:0 0 4px;font-size:13px}
.choices label{display:inline-block;border:1px solid var(--rule);border-radius:12px;padding:1px 8px;margin:2px 2px;cursor:pointer;background:#f6f3ec}
.choices .legal{color:var(--muted)}
.vh{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
svg.board{display:block;width:100%;max-width:560px;height:auto}
svg.board .play{display:none}
.r0:checked~svg .p0,.r1:checked~svg .p1,.r2:checked~svg .p2,.r3:checked~svg .p3,.r4:checked~svg .p4,.r5:checked~svg .p5,.r6:checked~svg .p6,.r7:checked~svg .p7,.r8:checked~svg .p8,.r9:checked~svg .p9{display:inline}
.r0:checked~.choices .l0{border-color:#e8590c;background:#fde6d6}
.r1:checked~.choices .l1,.r2:checked~.choices .l2,.r3:checked~.choices .l3,.r4:checked~.choices .l4,.r5:checked~.choices .l5,.r6:checked~.choices .l6,.r7:checked~.choices .l7,.r8:checked~.choices .l8,.r9:checked~.choices .l9{border-color:#1c64d1;background:#dbe7fb}
.filters{position:sticky;top:0;background:#fbfaf7;padding:6px 0;border-bottom:1px solid var(--rule);z-index:1}
.filters select{margin-right:10px;max-width:16em}.shown{color:var(--muted)}
.file.filtered{display:none}
.note{color:var(--muted);font-style:italic}
footer{margin-top:24px;color:var(--muted);font-size:12px}
@media print{
@page{size:A4;margin:14mm 12mm}
body{max-width:none;padding:0;background:#fff;font-size:11px}
.filters{display:none}
article.finding{break-inside:avoid;page-break-inside:avoid}
section.file>h3{break-after:avoid}
svg.board{max-width:120mm}
table{font-size:10px}
.choices label{border:none;background:none;padding:0}
}
"#;

/// The filter script: fills the selects from the findings' data attributes
/// (with `textContent`, never as markup), hides the findings that do not
/// match, and shows the selects (they are hidden without the script, which
/// leaves every finding listed).
pub const SCRIPT: &str = r#"
(function(){
var box=document.getElementById('filters');if(!box)return;
var items=[].slice.call(document.querySelectorAll('article.finding'));
var files=[].slice.call(document.querySelectorAll('section.file'));
var code=box.querySelector('select[name=code]'),sev=box.querySelector('select[name=severity]'),who=box.querySelector('select[name=player]'),shown=box.querySelector('.shown');
function fill(select,values){Object.keys(values).sort().forEach(function(v){var o=document.createElement('option');o.value=v;o.textContent=v;select.appendChild(o);});}
var codes={},players={};
items.forEach(function(a){codes[a.getAttribute('data-code')]=1;codes[a.getAttribute('data-name')]=1;var p=a.getAttribute('data-player');if(p)players[p]=1;});
fill(code,codes);fill(who,players);
function apply(){
var c=code.value,s=sev.value,p=who.value,n=0,any=c||s||p;
items.forEach(function(a){var ok=(!c||a.getAttribute('data-code')===c||a.getAttribute('data-name')===c)&&(!s||a.getAttribute('data-severity')===s)&&(!p||a.getAttribute('data-player')===p);a.hidden=!ok;if(ok)n++;});
files.forEach(function(f){f.classList.toggle('filtered',!!any&&!f.querySelector('article.finding:not([hidden])'));});
shown.textContent=n+' of '+items.length+' findings shown';}
[code,sev,who].forEach(function(x){x.addEventListener('change',apply);});
box.hidden=false;apply();
})();
"#;

/// `'sha256-...'` of a text, for a Content-Security-Policy source list.
fn hash_source(text: &str) -> String {
    format!("'sha256-{}'", base64(&Sha256::digest(text.as_bytes())))
}

/// Standard base64 with padding.
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// The page's policy: nothing may load, no other script or style may run
/// than the page's own (by hash), no form goes anywhere, no base URL.
#[must_use]
pub fn content_security_policy() -> String {
    format!(
        "default-src 'none'; style-src {}; script-src {}; img-src 'none'; base-uri 'none'; \
         form-action 'none'",
        hash_source(STYLE),
        hash_source(SCRIPT)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_is_standard() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foo"), "Zm9v");
        assert_eq!(base64(b"foobar"), "Zm9vYmFy");
    }

    #[test]
    fn the_policy_names_the_hashes_and_nothing_else() {
        let policy = content_security_policy();
        assert!(policy.starts_with("default-src 'none'"));
        assert_eq!(policy.matches("'sha256-").count(), 2);
        assert!(!policy.contains("unsafe"));
        // The hash of the empty string, as browsers compute it.
        assert_eq!(
            hash_source(""),
            "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='"
        );
    }

    #[test]
    fn the_script_builds_no_markup() {
        assert!(!SCRIPT.contains("innerHTML"));
        assert!(!SCRIPT.contains("eval"));
        assert!(!STYLE.contains("url("));
        assert!(!STYLE.contains("</"));
    }
}
