/**
 * The shop's vocabulary, data only: what the search index (search-index.ts, question-terms.ts)
 * reads a parent's question with (docs/adr/0020-chat-answers-from-shop-content.md).
 */
import type { PassageKind } from './passage';

/**
 * Words a parent types and the topic words the shop's content uses for the same thing. When a
 * question holds a key (a whole word or phrase), the topic's words join the search, and the
 * key's own words count as found in a passage that holds them. Keys are everyday language and
 * topics are ordinary words (refund, routine, privacy…), never a phrase of one page: the
 * marketers rewrite the pages, and the vocabulary must still hold.
 */
export const VOCABULARY: readonly (readonly [RegExp, string])[] = [
  // Buying, paying and refunds.
  [
    /\b(?:returns?|return it|money (?:\w+ ){0,2}back|refund\w*|reimburs\w*|change (?:my|your) mind|not what i expected)\b/i,
    'refund refunds sales final',
  ],
  [
    /\b(?:(?:charged|paid|billed|bought|ordered|purchased) (?:\w+ )?twice|twice|double[- ]?(?:charged|charge|payment|billed)|two charges|two payments)\b/i,
    'duplicate',
  ],
  [
    /\b(?:(?:won'?t|wont|doesn'?t|doesnt|can'?t|cant|will not|does not) (?:open|play|load|work|download)|damaged|corrupt\w*|error\w*)\b/i,
    'damaged technical problem file open play',
  ],
  [
    /\b(?:save|saving|savings|discount\w*|deal|bundle|both books|both ebooks|cheaper|together)\b/i,
    'saving pack less',
  ],
  [/\b(?:costs?|prices?|pricing|how much|expensive|cheap|dollars?|usd)\b/i, 'price prices'],
  [
    /\b(?:pay (?:with|by|using|via|through)|payment (?:methods?|options?)|(?:credit|debit) cards?|card (?:number|details))\b/i,
    'payment providers card',
  ],
  [
    /\b(?:extra (?:charges?|fees?|costs?)|fees?|tax\w*|vat|exchange rate|outside the (?:us|usa|states|uk)|international\w*|abroad|overseas|foreign)\b/i,
    'taxes fees bank',
  ],
  [
    /\b(?:price (?:drops?|changes?|goes down|falls?|is lower)|(?:get|pay|refund) (?:me |us )?the difference(?: back)?|(?:sale|discount) later|cheaper later|price match\w*)\b/i,
    'prices change order',
  ],
  // Formats and delivery.
  [
    /\b(?:listen\w*|audio|audiobooks?|mp3|car|drive|driving|commute|headphones)\b/i,
    'mp3 audiobook listen',
  ],
  [
    /\b(?:read|reading|kindle|ipad|tablet|phone|laptop|computer|device|android|iphone|e-?reader|screen)\b/i,
    'pdf read phone tablet computer',
  ],
  [/\b(?:print\w*|paper|hard ?copy)\b/i, 'print pages'],
  [
    /\b(?:post (?:it|them|me)|mail (?:it|them|me)|ship\w*|physical|paperback|hardcover|hardback|real book|actual book|printed book)\b/i,
    'physical digital delivered shipped',
  ],
  [
    /\b(?:when (?:do|will|can|should) (?:i|we) (?:get|receive)|how (?:soon|quickly|fast) (?:do|will|can) (?:i|we) (?:get|receive|download)|just (?:paid|bought|ordered|purchased)|after (?:paying|payment|i pay|i paid|buying)|arrive\w*|delivery)\b/i,
    'instant download payment delivered',
  ],
  // Downloads, links and access.
  [
    /\b(?:links?|download\w*|expired?|lost|resend|didn'?t get|never got|haven'?t got|deleted (?:the |my |an? )?(?:\w+ )?e-?mail|(?:get|have) (?:it|them|my (?:e?books?|guides?|files?|pdfs?|copy|copies|purchases?|orders?)) back|re-?download)\b/i,
    'download links e-mail me my links',
  ],
  [
    /\b(?:how long (?:are|is|do|does|will) (?:the |my |your )?(?:download )?links?|links? (?:\w+ )?(?:last|valid|good for|work for)|expir\w*|time limit)\b/i,
    'expire links last',
  ],
  [
    /\b(?:forever|permanent\w*|in (?:a|one|two|\d+|a few) years?|years? (?:from now|later)|later on|always (?:have|keep)|keep (?:it|them|the files|access)|still (?:be able|have)|lose access)\b/i,
    'lifetime access keep',
  ],
  [
    /\b(?:account|log ?in|logged in|sign ?in|signed in|password|register|gmail|google)\b/i,
    'sign in account google',
  ],
  [
    /\b(?:(?:can'?t|cant|cannot|don'?t|dont) see|missing|not (?:there|showing|listed)|where (?:is|are) my)\b/i,
    'purchases same e-mail',
  ],
  // The membership.
  [/\b(?:subscri\w*|membership|monthly|member|sub)\b/i, 'membership monthly'],
  [
    /\b(?:cancel\w*|quit|stop (?:paying|it|the|my)|unsubscribe|minimum (?:term|period)|contract|commitment|tied in|locked in)\b/i,
    'cancel membership',
  ],
  // Who the books are for and what is in them.
  [
    /\b(?:what age|which age|how old|ages?|teen\w*|adolescen\w*|toddler\w*|too (?:old|young)|older (?:kids|children)|goes? older|fit (?:her|him|them|my)|suit (?:her|him|them|my)|right for (?:her|him|them|my))\b/i,
    'ages age suit adapt',
  ],
  [
    /\b(?:chapters?|inside|covers?|topics|contents|in the (?:e?book|guide)s?|does (?:the|it|your) (?:e?book |guide )?(?:say|cover|talk|mention|include|have))\b/i,
    'chapter',
  ],
  [
    /\b(?:how many pages|page count|how long (?:is|are) (?:the|it|they|each|these)|length|how big|how thick|how many chapters)\b/i,
    'pages chapters',
  ],
  [
    /\b(?:differen\w* between|compare|comparison|which (?:one|book|ebook|should)|versus|vs|the two)\b/i,
    'inside covers',
  ],
  [
    /\b(?:understand|complicated|complex|jargon|technical|easy to follow|background|no experience|not a therapist|(?:aba|any) training)\b/i,
    'plain language training',
  ],
  // Results.
  [
    /\b(?:results?|how long (?:until|till|before|to see|does it take|will it take)|how soon|(?:see|notice|any) (?:a |any )?(?:change|changes|difference|improvement)|not working|isn'?t working|no change|(?:and|but|still) nothing|nothing (?:changed|is working|happens))\b/i,
    'results weeks notice',
  ],
  [
    /\b(?:progress|improv\w*|getting better|keep track|tracking|measure|slow)\b/i,
    'progress tracking record',
  ],
  [/\b(?:guarantee\w*|promise|for sure|definitely work)\b/i, 'guaranteed results vary'],
  // Everyday life with the child.
  [
    /\b(?:tantrum\w*|meltdown\w*|scream\w*|hitting|hits|biting|bites|kick\w*|aggress\w*|outburst\w*|throws?)\b/i,
    'challenging behaviour meltdowns',
  ],
  [/\b(?:bed|bedtime|sleep\w*|night\w*)\b/i, 'bedtime routine'],
  [
    /\b(?:mornings?|school run|leav(?:e|es|ing)|transitions?|what(?:'s|s| is) next)\b/i,
    'transitions routines visual schedules',
  ],
  [
    /\b(?:talk\w*|speech(?! therapist)|speak\w*|words?|non ?verbal|language|ask for|asking|pulls? (?:my|me|us)|drags? (?:my|me|us))\b/i,
    'communication requests words',
  ],
  [
    /\b(?:teeth|tooth\w*|brush\w*|dressing|dressed|clothes|wash\w*|bath\w*|shower\w*|eating|meals?|mealtimes?|tidy\w*|chores)\b/i,
    'daily living skills',
  ],
  [
    /\b(?:play ?dates?|playing with|play with|take turns|taking turns|turn[- ]taking|cousins|social\w*|make friends|peers)\b/i,
    'social play skills',
  ],
  [
    /\b(?:connect\w*|bond\w*|looks? at me|eye contact|ignores me|relationship|closeness)\b/i,
    'connection pairing play',
  ],
  // "My sister" is the parent's; the child's are "his sister", "her brothers".
  [/\b(?:(?<!\bmy )(?:brothers?|sisters?)|siblings?|other kids|other children)\b/i, 'siblings'],
  [/\b(?:jealous\w*|left out|attention|resent\w*|feels? ignored)\b/i, 'feelings attention'],
  [
    /\b(?:husband|wife|partner|grandma|grandpa|granny|grandparents?|babysitters?|nanny|relatives?|in-laws|whole family|everyone at home)\b/i,
    'grandparents family consistent',
  ],
  [/\b(?:differently|not on the same page|disagree\w*|inconsistent)\b/i, 'consistent same words'],
  [
    /\b(?:holidays?|christmas|vacations?|travel\w*|trips?|(?:stuff|things) change|hates change)\b/i,
    'holidays routine consistent',
  ],
  [
    /\b(?:(?:got|gets|getting|is|went) worse|worse (?:than|before|at first)|backfir\w*)\b/i,
    'harder first week',
  ],
  [
    /\b(?:running on empty|exhaust\w*|burn(?:t|ed)? ?out|overwhelmed|stressed|self[- ]care|me time|for (?:the|us) parents?|for (?:me|myself)|coping)\b/i,
    'wellbeing caring yourself rest support',
  ],
  // Professionals.
  [/\b(?:therap\w*|bcba|professionals?|clinicians?|doctors?)\b/i, 'professional therapy'],
  [
    /\b(?:instead of|replace|substitute|alongside|as well as|already (?:sees|has|does|in|doing))\b/i,
    'replace alongside',
  ],
  [
    /\b(?:providers?|clinic|centre|center|what (?:to|should (?:i|we)) ask|questions to ask)\b/i,
    'provider questions programme',
  ],
  // Licence.
  [
    /\b(?:share|sharing|copy|copies|photocop\w*|forward|lend|pass (?:it )?on|send (?:it|a copy|the pdf|the file)|e-?mail (?:it|the pdf|a copy)|give (?:it|her|him|them) (?:a )?copy|friend|teacher|class|group)\b/i,
    'licence personal share copy',
  ],
  [
    /\b(?:resell|re-sell|sell (?:it|my copy|them)|ebay|second[- ]hand|give (?:it )?away)\b/i,
    'resell licence',
  ],
  // Privacy.
  [
    /\b(?:data|privacy|private|personal information|info|information|cookies?|gdpr|delete my)\b/i,
    'privacy information data',
  ],
  [
    /\b(?:info\w*|details|data) (?:about|on|of) (?:my|our) (?:\w+ )?(?:child|children|kids?|sons?|daughters?|family)\b/i,
    'child information',
  ],
  [
    /\b(?:sell (?:my|our) (?:data|e-?mail|details|info\w*)|spam|third part\w*)\b/i,
    'sell personal data',
  ],
  [
    /\b(?:(?:keep|save|store|hold)\w* (?:my |the )?(?:credit |debit )?card|on file)\b/i,
    'store card number privacy',
  ],
  [
    /\b(?:say no|refuse|decline|reject|opt out|turn (?:them |it )?off|block|don'?t (?:accept|agree|consent))\b/i,
    'decline consent',
  ],
  [
    /\b(?:what (?:do|should|must) (?:i|we) (?:need to )?(?:send|include|provide|give)|what (?:info|information|details) do you need)\b/i,
    'proof order include details',
  ],
  [
    /\b(?:stands? for|what does \w+ mean|meaning of|definition|abbreviation|acronym)\b/i,
    'words terms meaning',
  ],
  [
    /\b(?:what now|what (?:do|should|can) (?:i|we) do(?: now)?|how do (?:i|we) (?:fix|sort|solve)|who do (?:i|we) (?:contact|ask|write to))\b/i,
    'contact request support',
  ],
  // Talking to the team.
  [
    /\b(?:contact|reach you|talk to (?:a|someone|a person|a human)|human|support team|e-?mail (?:you|support)|phone number|call you)\b/i,
    'contact support',
  ],
];

/**
 * A child's age given in passing ("my 4 year old", "she is 9"): it widens the search to the
 * ages the books suit only when the question names nothing else the vocabulary knows.
 */
export const AGE_IN_PASSING =
  /\b(?:\d{1,2}\s?(?:yo|y\/o|yrs?|years?)|(?:is|turned|turns|aged?) \d{1,2})\b/i;
export const AGE_WORDS = 'ages age suit';

/**
 * What a question asks for besides its topic: another family's experience is in the blog, what
 * the book covers in its chapters, what something costs in the catalogue.
 */
export const INTENTS: readonly (readonly [RegExp, PassageKind])[] = [
  [
    /\b(?:has anyone|did anyone|anyone else|other (?:parents|families)|been through|got past|real (?:story|stories|life)|experiences?)\b/i,
    'blog',
  ],
  [
    /\b(?:in the (?:e?book|guide)s?|which chapter|what chapter|does (?:the|your) (?:e?book|guide) (?:say|cover|talk|mention|include|have))\b/i,
    'chapter',
  ],
  [/\b(?:how much|what does (?:it|\w+) cost|(?:price|cost) (?:of|for)|pricing)\b/i, 'product'],
];
