// The agency's name and contact e-mail on every page. The build writes the defaults into the HTML; a small inline
// script at the end of each page puts in the values from the settings: first the ones this browser kept from its last
// visit (before the first paint, so a returning visitor sees no change), then the current ones read from
// app_settings (the only two columns a visitor may read), kept for the next visit. Elements marked
// `data-agency-name` get the name; links marked `data-agency-email` get the address (text and mailto, keeping the
// link's query); the document title's trailing default name becomes the agency's.
import { DEFAULT_APP_NAME, DEFAULT_CONTACT_EMAIL } from '../domain/settings-rules';
import { AGENCY_STORAGE_KEY } from './agency-name';

export { AGENCY_STORAGE_KEY, keptAgencyName, pageTitle, withAgencyName } from './agency-name';

/**
 * The inline script's source, given the REST base URL (null: the page's origin, which forwards /rest/v1) and the
 * publishable key. It uses nothing but the DOM,
 * fetch and localStorage (the landing's script budget counts every byte of it).
 */
export function agencyIdentityScript(restUrl: string | null, key: string): string {
  const args = JSON.stringify([restUrl, key, AGENCY_STORAGE_KEY, DEFAULT_APP_NAME, DEFAULT_CONTACT_EMAIL]).replace(/</g, '\\u003c');
  return `(function(a){var R=a[0]||location.origin+'/',K=a[1],S=a[2],N=a[3],E=a[4],cur={n:N,e:E};
function put(v){if(!v||typeof v.app_name!='string'||!v.app_name||typeof v.contact_email!='string')return;
var n=v.app_name,e=v.contact_email;if(n!==cur.n){document.querySelectorAll('[data-agency-name]').forEach(function(x){x.textContent=n});
var t=document.title,s=' | '+cur.n;document.title=t===cur.n?n:t.slice(-s.length)===s?t.slice(0,-s.length)+' | '+n:t}
if(e!==cur.e)document.querySelectorAll('a[data-agency-email]').forEach(function(x){var h=x.getAttribute('href')||'',q=h.indexOf('?');
x.setAttribute('href','mailto:'+e+(q<0?'':h.slice(q)));if(x.textContent.trim()===cur.e)x.textContent=e});cur={n:n,e:e}}
try{put(JSON.parse(localStorage.getItem(S)||'null'))}catch(x){}
if(!K)return;fetch(R+'rest/v1/app_settings?select=app_name,contact_email',{headers:{apikey:K,accept:'application/vnd.pgrst.object+json'}})
.then(function(r){return r.ok?r.json():null}).then(function(v){if(!v)return;put(v);try{localStorage.setItem(S,JSON.stringify(v))}catch(x){}})
.catch(function(){})})(${args});`;
}
