/**
 * Demo seed content for the GCC View 360 website and its transport directory.
 *
 * Self-contained on purpose (no imports): the seeder maps these plain values onto
 * database rows. Every person, company, e-mail address and phone number here is
 * fictional; e-mails use the reserved example.com domain.
 */

// ---------------------------------------------------------------------------
// Blog
// ---------------------------------------------------------------------------

export interface DemoComment {
  name: string;
  email_id: string;
  comment: string;
  /** Days before "now"; always smaller than the post's own daysAgo. */
  daysAgo: number;
}

export interface DemoPost {
  heading: string;
  sub_heading: string;
  /** HTML using only p, h2, h3, ul, ol, li, strong, em, a href=https://..., blockquote. */
  full_description: string;
  image_alt_text: string;
  seo_title: string | null;
  meta_description: string | null;
  /** Comma-separated, e.g. "GCC, India, Talent". */
  tags: string;
  language: "English" | "Hindi" | "Tamil";
  author: string;
  status: "published" | "draft";
  daysAgo: number;
  comments: DemoComment[];
}

export const demoPosts: DemoPost[] = [
  {
    heading: "Why India Remains the First Choice for Global Capability Centers",
    sub_heading:
      "Talent depth, a mature ecosystem and a shift from cost savings to capability are why global firms keep choosing India.",
    full_description: `<p>A Global Capability Center (GCC) is an offshore unit that a company owns, or will come to own, to deliver technology, operations, analytics or engineering work for the wider group. India hosts more of these centres than any other country; industry estimates from Nasscom and Zinnov put the count at well over 1,500. The reasons go well beyond labour arbitrage.</p>
<h2>1. Talent at a scale few countries can match</h2>
<p>India produces a very large pool of engineering, science, commerce and management graduates every year, and its experienced workforce already spans cloud, data, cybersecurity, product engineering, finance and customer operations. For a new centre this means two things: you can hire quickly for common roles, and you can find senior leaders who have built GCCs before.</p>
<h2>2. An ecosystem that has done this before</h2>
<p>Three decades of IT services and captive centres have created everything a new GCC needs around it: specialist recruiters, payroll and compliance providers, managed workspaces, training partners and a deep bench of lawyers and chartered accountants. You are not pioneering; you are joining a well-worn path.</p>
<h2>3. From cost centre to capability centre</h2>
<p>The first wave of centres in India was about doing the same work for less. Today many GCCs own products end to end, run global platforms and lead research. Companies increasingly measure their India centre on <strong>speed, quality and innovation</strong>, not only on cost per head.</p>
<h2>4. Time zone and working model</h2>
<p>India Standard Time overlaps with the European working day and gives US teams a genuine follow-the-sun handover. Mature hybrid working practices make distributed teams feel normal rather than exceptional.</p>
<h2>5. Policy support</h2>
<p>Most IT and services activities allow 100% foreign direct investment under the automatic route, and several states run dedicated IT and GCC policies with incentives for employment, rent and training. Incentives change, so always check the current policy of the state you are considering.</p>
<h3>What to weigh before you commit</h3>
<ul>
<li><strong>Attrition:</strong> popular skills are contested; plan for retention from day one.</li>
<li><strong>Compliance:</strong> entity, tax and labour obligations need a clear owner.</li>
<li><strong>Leadership:</strong> the site leader you hire will shape the culture more than any policy.</li>
</ul>
<blockquote>India is not just where the work is cheaper. It is where the work increasingly gets designed, built and run.</blockquote>
<p>If you are deciding whether a GCC fits your strategy, start with a short feasibility study: the roles you need, the locations that supply them, and the engagement model (captive, managed team or Build-Operate-Transfer) that matches your appetite for risk.</p>`,
    image_alt_text: "Illustration: a golden sun rising over a field of teal and gold dots",
    seo_title: "Why India for Your Global Capability Center (GCC) | GCC View 360",
    meta_description:
      "Talent scale, a mature ecosystem, time-zone fit and policy support: the real reasons global companies set up GCCs in India.",
    tags: "GCC, India, Strategy, Talent",
    language: "English",
    author: "Arjun Mehta",
    status: "published",
    daysAgo: 64,
    comments: [
      {
        name: "Rahul Verma",
        email_id: "rahul.verma@example.com",
        comment:
          "Good summary. The point about choosing the site leader early matches our experience exactly.",
        daysAgo: 60,
      },
      {
        name: "Sarah Collins",
        email_id: "sarah.collins@example.com",
        comment:
          "Helpful overview for our board deck. Do you have a view on how long a feasibility study usually takes?",
        daysAgo: 55,
      },
    ],
  },
  {
    heading: "Choosing a City for Your GCC: Bengaluru, Hyderabad, Pune, Chennai or NCR",
    sub_heading:
      "Each metro has a different mix of skills, cost, attrition and infrastructure. Here is how to compare them.",
    full_description: `<p>Location is one of the few GCC decisions that is expensive to reverse. The right city depends less on rankings and more on the roles you need in the first two years. Below is a practical comparison of the five metros that host most of India's capability centres.</p>
<h2>Bengaluru</h2>
<p>India's deepest pool of software, product and data talent, and home to many of the largest GCCs. You will find experienced engineering leaders here more easily than anywhere else. The trade-offs are the highest salaries among the five, intense competition for the same people and well-known traffic congestion, so pick your micro-market (Outer Ring Road, Whitefield, North Bengaluru) with commute times in mind.</p>
<h2>Hyderabad</h2>
<p>Strong in technology, pharma and life sciences, and finance operations. HITEC City and the Financial District offer high-quality Grade A office space, and the state has actively courted large GCC investments. Costs are generally a little below Bengaluru, and the city is a common choice for centres planning to grow quickly.</p>
<h2>Pune</h2>
<p>A well-balanced option for engineering, automotive and manufacturing technology, BFSI and IT services. Pune's universities feed a steady graduate pipeline, it is close to Mumbai for finance roles, and attrition tends to be more manageable than in the largest hubs.</p>
<h2>Chennai</h2>
<p>Known for engineering and manufacturing know-how, banking and insurance operations and a growing SaaS community. Chennai is often praised for workforce stability and has good port and industrial links, which matter if your centre supports supply-chain or hardware programmes.</p>
<h2>NCR (Gurugram, Noida, Ghaziabad)</h2>
<p>The National Capital Region is strong in finance, consulting, analytics, customer operations and digital roles. It offers proximity to government and to corporate headquarters, an international airport and a large graduate population. Noida and Ghaziabad often provide more cost-effective space than Gurugram.</p>
<h3>A simple scoring approach</h3>
<ol>
<li>List your first-wave roles and their seniority mix.</li>
<li>Check available talent and salary benchmarks for those roles in each city.</li>
<li>Add real-estate cost, infrastructure, attrition and travel connectivity.</li>
<li>Weight the criteria for your strategy and score each city from 1 to 5.</li>
<li>Visit the top two cities before you decide.</li>
</ol>
<blockquote>The best city is the one where your specific roles are plentiful, not the one that tops a generic list.</blockquote>
<p>Do not overlook tier-2 cities such as Coimbatore, Kochi, Ahmedabad, Jaipur or Indore for a second site. A hub-and-spoke model, with leadership in a metro and delivery teams in a smaller city, can lower costs and attrition once the centre is established.</p>`,
    image_alt_text: "Illustration: a gold location pin above a city skyline at night",
    seo_title: null,
    meta_description:
      "Compare Bengaluru, Hyderabad, Pune, Chennai and NCR for your Global Capability Center: talent, cost, attrition and infrastructure.",
    tags: "GCC, India, Location Analysis, Bengaluru, Hyderabad, Pune, Chennai, NCR",
    language: "English",
    author: "Kavita Iyer",
    status: "published",
    daysAgo: 49,
    comments: [
      {
        name: "Meera Nair",
        email_id: "meera.nair@example.com",
        comment:
          "Chennai's stability is underrated. Our attrition there has been consistently lower than elsewhere.",
        daysAgo: 47,
      },
      {
        name: "Daniel Brooks",
        email_id: "daniel.brooks@example.com",
        comment: "The scoring approach is simple but useful. We used something similar and picked Pune.",
        daysAgo: 41,
      },
      {
        name: "Aditya Kulkarni",
        email_id: "aditya.kulkarni@example.com",
        comment: "Would love a follow-up on tier-2 cities and the hub-and-spoke model.",
        daysAgo: 30,
      },
    ],
  },
  {
    heading: "Build, Operate, Transfer: What Actually Happens in Each Phase?",
    sub_heading:
      "A phase-by-phase look at the BOT model, from the first workshop to the day the centre becomes fully yours.",
    full_description: `<p>Build-Operate-Transfer (BOT) lets a company set up a Global Capability Center with a partner that builds and runs it, then hands over ownership after an agreed period. It combines the speed of an outsourced start with the long-term control of a captive centre. Here is what each of the four phases really involves.</p>
<h2>Phase 1: Initiation</h2>
<p>The partner and client agree on scope, goals and governance. Typical outputs are a business case, a location recommendation, an operating model, a hiring plan and a <strong>transfer roadmap</strong> that sets out when and how ownership will move. The contract should already define the transfer triggers, the price mechanism and what assets, people and contracts will move.</p>
<h2>Phase 2: Build</h2>
<p>The partner sets up the centre on the client's behalf:</p>
<ul>
<li>workspace selection and fit-out, or an interim managed office;</li>
<li>IT, security and connectivity aligned with the client's standards;</li>
<li>recruitment of the leadership team and the first delivery teams;</li>
<li>payroll, benefits, policies and statutory registrations;</li>
<li>knowledge transfer from the client's existing teams or vendors.</li>
</ul>
<p>During Build the client approves key hires and designs, but the partner carries the operational effort.</p>
<h2>Phase 3: Operate</h2>
<p>The centre delivers real work while the partner handles HR, payroll, facilities, compliance and vendor management. Governance shifts to service levels and business outcomes. This is also when the client should prepare its own legal entity, if it does not have one yet, and start shadowing the support functions it will later own.</p>
<h2>Phase 4: Transfer</h2>
<p>Ownership moves to the client. Employees transfer to the client's Indian entity, usually with continuity of service and benefits; leases, licences and vendor contracts are assigned or renewed; and assets are bought at the agreed price. A well-run transfer feels uneventful to the people doing the work.</p>
<blockquote>The transfer is decided in the Initiation phase. If the exit terms are vague on day one, they will be contentious on day one thousand.</blockquote>
<h3>Why companies choose BOT</h3>
<ul>
<li><strong>Cost efficiency:</strong> no need to build local support functions up front.</li>
<li><strong>Risk mitigation:</strong> an experienced partner absorbs early execution risk.</li>
<li><strong>Customisation:</strong> the centre is designed around your processes and culture.</li>
<li><strong>Compliance:</strong> statutory obligations are handled from the first hire.</li>
<li><strong>Seamless transition:</strong> a planned handover instead of a rebuild.</li>
</ul>
<p>BOT timelines vary, but the Operate phase commonly lasts two to four years, long enough to prove the model and stabilise the team before the client takes full control.</p>`,
    image_alt_text: "Illustration: four numbered circles, 1 to 4, joined by a dashed path",
    seo_title: "Build-Operate-Transfer (BOT) GCC Model Explained Phase by Phase",
    meta_description: null,
    tags: "GCC, Build Operate Transfer, BOT, Engagement Models",
    language: "English",
    author: "Arjun Mehta",
    status: "published",
    daysAgo: 36,
    comments: [
      {
        name: "Priya Sharma",
        email_id: "priya.sharma@example.com",
        comment:
          "The quote about exit terms is spot on. We learned that the hard way with a previous vendor.",
        daysAgo: 33,
      },
    ],
  },
  {
    heading: "Employee on Record in India: How Managed Teams Work",
    sub_heading:
      "Hire and run a team in India before you have your own entity, without taking on payroll, tax and labour compliance yourself.",
    full_description: `<p>Not every company is ready to incorporate an Indian subsidiary on day one. An <strong>Employee on Record</strong> (EOR) arrangement, part of a managed teams model, lets you build a dedicated team in India while a partner acts as the legal employer. You direct the work; the partner takes care of employment obligations.</p>
<h2>Who does what</h2>
<ul>
<li><strong>You, the client,</strong> choose the people, set their goals, manage their daily work and own the output and intellectual property.</li>
<li><strong>The partner</strong> issues employment contracts, runs payroll, deducts and deposits income tax, manages statutory contributions and benefits, and keeps HR records and policies compliant.</li>
</ul>
<h2>The three building blocks</h2>
<h3>1. Relationship</h3>
<p>The partner holds the employer-employee relationship. That includes offer letters, onboarding, leave policies, performance documentation agreed with you, and fair, lawful handling of exits.</p>
<h3>2. Record</h3>
<p>Payroll and statutory compliance: monthly salary processing, tax deducted at source, Provident Fund and, where applicable, Employees' State Insurance, professional tax, gratuity provisioning and year-end tax forms for employees. Benefits such as group health insurance are arranged and administered by the partner.</p>
<h3>3. Services</h3>
<p>Shared services that a small team cannot justify in-house: IT support, workspace, travel, background checks, learning and engagement programmes.</p>
<h2>When EOR makes sense</h2>
<ul>
<li>You want to start with a team of five to fifty people and prove the model.</li>
<li>You need to hire quickly while the decision on a full GCC is still open.</li>
<li>You plan to move to your own entity or a Build-Operate-Transfer later.</li>
</ul>
<h2>Points to get right</h2>
<ol>
<li><strong>Intellectual property:</strong> the contracts should assign work product to you clearly.</li>
<li><strong>Tax exposure:</strong> how the work is directed can affect permanent establishment risk for a foreign company, so take tax advice on the structure.</li>
<li><strong>Transition terms:</strong> agree upfront how employees move to your own entity, and at what cost, when you are ready.</li>
<li><strong>Employee experience:</strong> make sure your India team feels part of your company, not a vendor's.</li>
</ol>
<blockquote>An EOR is a bridge, not a destination. Plan the far end of the bridge before you start walking.</blockquote>
<p>Used well, a managed team gives you speed and compliance today and a clean path to a full capability centre tomorrow. Review the arrangement at least once a year as the team grows, because the point at which your own entity becomes cheaper and simpler usually arrives sooner than expected.</p>`,
    image_alt_text: "Illustration: two networks of teal dots joined by lines, with gold hubs",
    seo_title: "Employee on Record (EOR) in India for Managed GCC Teams",
    meta_description:
      "How an Employee on Record arrangement lets you hire and run a compliant team in India before setting up your own entity.",
    tags: "GCC, Employee on Record, Managed Teams, Payroll, Compliance",
    language: "English",
    author: "Neha Bansal",
    status: "published",
    daysAgo: 27,
    comments: [],
  },
  {
    heading: "AI-Led Hiring for GCCs: Faster Shortlists Without Losing the Human Touch",
    sub_heading:
      "How AI matching, structured screening and human judgement together fill GCC roles faster and more fairly.",
    full_description: `<p>A new Global Capability Center often needs to hire dozens of people in its first six months, in skills that every other centre in town also wants. Traditional recruitment, with manual resume screening and long interview loops, struggles at that pace. AI-led hiring helps, as long as it is used to support decisions rather than make them.</p>
<h2>Where AI adds real value</h2>
<ul>
<li><strong>Matching:</strong> machine-learning models compare job requirements with candidate profiles on skills and experience, not only keywords, and surface people a keyword search would miss.</li>
<li><strong>Bulk screening:</strong> when a role attracts hundreds of applications, automated parsing and ranking turn days of reading into a shortlist within hours.</li>
<li><strong>Pre-screened pipelines:</strong> a talent network of candidates who have already been assessed lets you start interviews immediately. Our own pipeline holds pre-screened candidates across common GCC roles.</li>
<li><strong>Scheduling and follow-up:</strong> automation removes the back-and-forth that slows interviews and frustrates candidates.</li>
<li><strong>Analytics:</strong> funnel data shows where candidates drop out and which sources produce hires who stay.</li>
</ul>
<h2>Where humans must stay in charge</h2>
<p>Final decisions, assessment of culture and leadership potential, and salary conversations belong with people. Structured interviews, with the same questions and a clear scoring rubric for every candidate, keep those human steps consistent.</p>
<h2>Guardrails that matter</h2>
<ol>
<li><strong>Bias checks:</strong> review shortlists regularly for skew by gender, college or region, and adjust the inputs if you find it.</li>
<li><strong>Explainability:</strong> recruiters should be able to say why a candidate was ranked highly.</li>
<li><strong>Data protection:</strong> candidate data must be collected with consent and handled in line with India's <a href="https://www.meity.gov.in/">Digital Personal Data Protection Act, 2023</a> and your own global policies.</li>
<li><strong>Candidate experience:</strong> tell candidates how the process works and keep them informed.</li>
</ol>
<blockquote>AI should shorten the time to a great conversation, not replace the conversation.</blockquote>
<h3>Our approach</h3>
<p>Our Click 100 platform combines a curated talent network with AI/ML matching and workflow automation for technology roles, while Advantage plus supports high-volume selection with bulk resume processing, diverse talent pools and hiring analytics. Every shortlist is still reviewed by an experienced recruiter before it reaches a hiring manager.</p>
<p>The result is a hiring engine that scales with the centre: faster shortlists, more consistent evaluation and better data to improve each hiring wave.</p>`,
    image_alt_text:
      "Illustration: three candidate cards in a ranked list, the top one highlighted in gold, beside a glowing chip",
    seo_title: null,
    meta_description: null,
    tags: "GCC, Talent, AI, Hiring, Recruitment",
    language: "English",
    author: "Sanjay Reddy",
    status: "published",
    daysAgo: 14,
    comments: [
      {
        name: "Ishita Ghosh",
        email_id: "ishita.ghosh@example.com",
        comment:
          "Glad to see bias checks and data protection called out explicitly. Too many tools skip this.",
        daysAgo: 12,
      },
      {
        name: "Vikram Joshi",
        email_id: "vikram.joshi@example.com",
        comment:
          "Structured interviews made the biggest difference for us. The AI part only helps if the rubric is good.",
        daysAgo: 6,
      },
    ],
  },
  {
    heading: "The First 100 Days of a New GCC",
    sub_heading:
      "A practical plan for the first three months: leadership, entity, workspace, first hires and early wins.",
    full_description: `<p>The first 100 days of a Global Capability Center set the tone for years. Teams that rush to hire without foundations spend the next year fixing them; teams that over-plan lose momentum and sponsor patience. This plan balances the two.</p>
<p>Before day one, name an executive sponsor at headquarters and agree what success looks like at the end of the first year. Without a sponsor who can unblock decisions on budget, access and scope, even a well-run launch stalls. Keep the plan to one page and review it weekly with the site leader.</p>
<h2>Days 1-30: Foundations</h2>
<ul>
<li><strong>Appoint the site leader.</strong> If you make only one senior hire early, make it this one. Involve them in every decision that follows.</li>
<li><strong>Confirm the legal route.</strong> Own entity, managed team or Build-Operate-Transfer, with the registrations, bank account and payroll set-up that it implies.</li>
<li><strong>Secure interim workspace.</strong> A managed or co-working office lets you start while the long-term site is fitted out.</li>
<li><strong>Agree governance.</strong> A steering committee, a monthly review and a short list of success measures.</li>
</ul>
<h2>Days 31-60: First hires and knowledge transfer</h2>
<ul>
<li>Hire the second layer of leadership: engineering or operations managers, HR and finance.</li>
<li>Bring in the first wave of delivery staff, ideally a mix of experienced hires and strong mid-level talent.</li>
<li>Start structured knowledge transfer: shadowing, documentation, recorded walkthroughs and reverse shadowing.</li>
<li>Roll out onboarding that introduces the global company, not just the local office.</li>
</ul>
<h2>Days 61-100: Deliver and prove value</h2>
<ul>
<li>Take ownership of a well-defined scope of work with clear service levels.</li>
<li>Publish the first dashboard: headcount against plan, time to hire, delivery quality and engagement.</li>
<li>Celebrate an early, visible win with headquarters stakeholders.</li>
<li>Plan the next hiring wave based on what you have learned.</li>
</ul>
<h2>Common mistakes</h2>
<ol>
<li>Treating the GCC as a vendor instead of part of the company.</li>
<li>Transferring tasks without transferring context and decision rights.</li>
<li>Hiring only juniors to save cost, leaving nobody to mentor them.</li>
<li>Ignoring culture and retention until attrition becomes a problem.</li>
</ol>
<blockquote>By day 100 a GCC should have a leader, a team, a scope and a scoreboard. Everything else can follow.</blockquote>
<p>With a disciplined plan, most centres can reach a stable core team and a first delivery scope within three months, and then scale with confidence.</p>`,
    image_alt_text:
      "Illustration: a winding road with milestones marked 30, 60 and 100 days, ending at a gold flag",
    seo_title: "The First 100 Days of a Global Capability Center: A Practical Plan",
    meta_description:
      "A 100-day plan for a new GCC in India: site leadership, legal set-up, workspace, first hires, knowledge transfer and early wins.",
    tags: "GCC, India, Implementation, Leadership",
    language: "English",
    author: "Rohan Kapoor",
    status: "published",
    daysAgo: 5,
    comments: [
      {
        name: "Anjali Deshpande",
        email_id: "anjali.deshpande@example.com",
        comment: "Reverse shadowing is such an underused technique. Thanks for including it.",
        daysAgo: 3,
      },
    ],
  },
  {
    heading: "Compliance and Tax Basics for a GCC in India",
    sub_heading:
      "Entity set-up, foreign investment reporting, corporate tax, transfer pricing, GST and labour compliance in plain language.",
    full_description: `<p>Compliance rarely decides whether a Global Capability Center succeeds, but it can certainly slow one down. This overview covers the main obligations for a foreign-owned centre in India. Rules change and details depend on your structure, so treat it as a starting checklist and confirm specifics with qualified advisors.</p>
<h2>1. Setting up the entity</h2>
<p>Most captive GCCs are incorporated as a <strong>private limited company</strong> under the Companies Act, 2013, through the Ministry of Corporate Affairs portal at <a href="https://www.mca.gov.in">mca.gov.in</a>. A private company needs at least two directors, at least one of whom must be resident in India. Expect annual filings, statutory audits and board meetings from the first year.</p>
<h2>2. Foreign investment</h2>
<p>Most IT and services activities allow 100% foreign direct investment under the automatic route, so no prior government approval is needed. Share capital received from abroad must be reported to the Reserve Bank of India within the prescribed timelines; the <a href="https://www.rbi.org.in">RBI</a> publishes the current reporting requirements.</p>
<h2>3. Direct tax and transfer pricing</h2>
<ul>
<li>The company needs a PAN and a TAN, and must deduct tax at source on salaries and many vendor payments.</li>
<li>Domestic companies can opt for a concessional corporate tax regime; compare it with the regular regime before filing the first return.</li>
<li>A captive centre that serves its parent is usually paid on a <strong>cost-plus</strong> basis. The mark-up must be at arm's length, supported by annual transfer pricing documentation and an accountant's report. Safe harbour rules and Advance Pricing Agreements can reduce disputes.</li>
</ul>
<h2>4. Indirect tax (GST)</h2>
<p>Register for GST on the <a href="https://www.gst.gov.in">GST portal</a> in each state where you operate. Services supplied to an overseas group company can qualify as a zero-rated export when the conditions are met, and a Letter of Undertaking lets you export without paying integrated GST upfront. Claim refunds of input tax credit promptly; they are a common cash-flow drag.</p>
<h2>5. Labour and employment</h2>
<ul>
<li>Shops and Establishments registration under the rules of your state.</li>
<li>Employees' Provident Fund, Employees' State Insurance where applicable, professional tax in states that levy it, and gratuity.</li>
<li>An Internal Committee under the POSH Act once you have ten or more employees.</li>
<li>India's four Labour Codes consolidate many older central laws; track the rules issued by your state.</li>
</ul>
<h3>A simple compliance calendar</h3>
<ol>
<li><strong>Monthly:</strong> payroll taxes, PF and ESI deposits, GST returns.</li>
<li><strong>Quarterly:</strong> TDS returns and management reviews.</li>
<li><strong>Annually:</strong> statutory audit, income tax return, transfer pricing report and company filings.</li>
</ol>
<blockquote>Give compliance an owner and a calendar on day one. Most penalties come from missed dates, not complex law.</blockquote>`,
    image_alt_text: "Illustration: a monthly calendar with ticked dates beside a shield bearing a check mark",
    seo_title: "GCC Compliance and Tax Basics in India",
    meta_description:
      "Entity set-up, FDI reporting, transfer pricing, GST and labour compliance for Global Capability Centers in India.",
    tags: "GCC, Compliance, Tax, Transfer Pricing, GST",
    language: "English",
    author: "Farhan Qureshi",
    status: "draft",
    daysAgo: 1,
    comments: [],
  },
];

// ---------------------------------------------------------------------------
// Leadership team
// ---------------------------------------------------------------------------

export interface DemoTeamMember {
  name: string;
  position: string;
  /** Plain text, 2-4 sentences; one member deliberately has an empty string. */
  description: string;
  initials: string;
  /** An example profile address (example data: no such person). */
  linkedin?: string;
}

export const demoTeam: DemoTeamMember[] = [
  {
    name: "Arjun Mehta",
    position: "Founder & CEO",
    linkedin: "https://www.linkedin.com/in/example-arjun-mehta",
    description:
      "Arjun has spent more than two decades building and scaling offshore delivery centres for global technology and financial services companies. He founded GCC View 360 to give companies of every size a dependable path to their own capability centre in India. He works closely with client leadership teams on strategy, location and engagement models.",
    initials: "AM",
  },
  {
    name: "Rohan Kapoor",
    position: "Chief Operating Officer",
    linkedin: "https://www.linkedin.com/in/example-rohan-kapoor",
    description:
      "Rohan leads delivery across all client centres, from the first workspace fit-out to steady-state operations. Before joining GCC View 360 he ran operations for a large engineering GCC in Pune. He is known for simple governance and clear scorecards.",
    initials: "RK",
  },
  {
    name: "Sanjay Reddy",
    position: "Head of Talent Acquisition",
    description:
      "Sanjay heads our AI-led hiring practice and the Click 100 and Advantage plus platforms. His team has hired technology, analytics and operations talent for centres in Bengaluru, Hyderabad and Chennai. He cares about fast, fair and well-structured hiring.",
    initials: "SR",
  },
  {
    name: "Kavita Iyer",
    position: "Head of Consulting & Advisory",
    description:
      "Kavita leads feasibility studies, benchmarking and location analysis for new GCCs. She previously advised multinational clients on India market entry at a global consulting firm. She helps clients turn a business case into a practical operating plan.",
    initials: "KI",
  },
  {
    name: "Neha Bansal",
    position: "Head of HR & Managed Services",
    description:
      "Neha runs our Employee on Record, payroll and HR shared services. She has built HR functions for several captive centres and makes sure every employee experience is compliant and consistent. She also leads our learning and engagement programmes.",
    initials: "NB",
  },
  {
    name: "Farhan Qureshi",
    position: "Head of Finance & Compliance",
    description: "",
    initials: "FQ",
  },
];

// ---------------------------------------------------------------------------
// Careers
// ---------------------------------------------------------------------------

export interface DemoJob {
  job_title: string;
  company: string;
  location: string;
  /** e.g. "12,00,000 - 18,00,000 per annum"; the site adds the rupee sign. */
  salary: string;
  employment_type: "FULL_TIME" | "PART_TIME" | "CONTRACTOR" | "INTERN";
  /** HTML paragraphs. */
  job_description: string;
  responsibilities: string[];
  requirements: string[];
  daysAgo: number;
  status: "open" | "closed";
}

export const demoJobs: DemoJob[] = [
  {
    job_title: "Senior Talent Acquisition Partner",
    company: "GCC View 360",
    location: "Ghaziabad",
    salary: "12,00,000 - 18,00,000 per annum",
    employment_type: "FULL_TIME",
    job_description: `<p>We are looking for an experienced Talent Acquisition Partner to lead end-to-end hiring for the Global Capability Centers we build for our clients. You will work with hiring managers in India and abroad, run structured interview processes and use our AI-led sourcing tools to build strong, diverse shortlists quickly.</p>
<p>This is a hands-on role with real ownership: you will shape how new centres hire their first fifty people.</p>`,
    responsibilities: [
      "Own hiring for two or three client GCCs, from role intake to offer acceptance",
      "Build sourcing plans using our talent network, job boards and referrals",
      "Design structured interview loops and scoring rubrics with hiring managers",
      "Report weekly on funnel metrics, time to hire and offer acceptance",
      "Give every candidate a timely, respectful experience",
    ],
    requirements: [
      "6+ years of recruitment experience, at least 3 in technology or GCC hiring",
      "Track record of high-volume hiring for engineering or analytics roles",
      "Confident working with international stakeholders",
      "Comfort with applicant tracking systems and data-driven recruiting",
    ],
    daysAgo: 4,
    status: "open",
  },
  {
    job_title: "GCC Program Manager (Build-Operate-Transfer)",
    company: "GCC View 360",
    location: "Bengaluru",
    salary: "28,00,000 - 38,00,000 per annum",
    employment_type: "FULL_TIME",
    job_description: `<p>Lead the set-up and operation of a new Global Capability Center under a Build-Operate-Transfer engagement.</p>
<p>You will coordinate workspace, IT, hiring, compliance and knowledge transfer workstreams, run governance with the client's leadership and prepare the centre for a smooth transfer of ownership.</p>`,
    responsibilities: [
      "Own the integrated plan across the Initiation, Build, Operate and Transfer phases",
      "Run steering committees and monthly business reviews with client leadership",
      "Coordinate workspace, IT, HR, finance and compliance workstreams",
      "Track risks, dependencies and budget, and escalate early",
    ],
    requirements: [
      "10+ years of experience, including setting up or scaling an offshore centre",
      "Strong programme management and stakeholder management skills",
      "Working knowledge of India entity set-up, payroll and compliance",
      "PMP, PRINCE2 or equivalent is a plus",
    ],
    daysAgo: 9,
    status: "open",
  },
  {
    job_title: "Data Engineer",
    company: "Northwind Retail Technology Centre",
    location: "Hyderabad",
    salary: "18,00,000 - 26,00,000 per annum",
    employment_type: "FULL_TIME",
    job_description: `<p>Join a growing retail analytics GCC to build reliable data pipelines that power pricing, supply chain and customer insights for a global retailer.</p>`,
    responsibilities: [
      "Design, build and maintain batch and streaming data pipelines",
      "Model data for analytics and machine-learning teams",
      "Improve data quality, monitoring and cost efficiency",
      "Review code and mentor junior engineers",
    ],
    requirements: [
      "4+ years of data engineering experience",
      "Strong SQL and Python; experience with Spark or a similar engine",
      "Hands-on experience with a major cloud data platform",
      "Familiarity with orchestration tools such as Airflow",
    ],
    daysAgo: 15,
    status: "open",
  },
  {
    job_title: "Payroll & Compliance Specialist",
    company: "GCC View 360",
    location: "Remote (India)",
    salary: "6,00,000 - 8,00,000 per annum",
    employment_type: "PART_TIME",
    job_description: `<p>Part-time role (around 25 hours a week) supporting payroll and statutory compliance for our Employee on Record clients.</p>
<p>You will process monthly payroll, manage PF, ESI and professional tax filings and keep our compliance calendar up to date.</p>`,
    responsibilities: [
      "Process monthly payroll for multiple client teams",
      "Prepare and file PF, ESI, professional tax and TDS returns on time",
      "Answer employee payroll and tax queries",
      "Maintain the compliance calendar and audit documentation",
    ],
    requirements: [
      "3+ years of Indian payroll and statutory compliance experience",
      "Good knowledge of TDS on salaries, PF and ESI",
      "Experience with a payroll software package",
      "Attention to detail and reliability with deadlines",
    ],
    daysAgo: 20,
    status: "open",
  },
  {
    job_title: "HR Operations Intern",
    company: "GCC View 360",
    location: "Ghaziabad",
    salary: "25,000 - 30,000 per month",
    employment_type: "INTERN",
    job_description: `<p>Six-month paid internship supporting our HR operations team.</p>`,
    responsibilities: [
      "Support onboarding and documentation for new employees",
      "Maintain HR records and trackers",
      "Help organise engagement and learning events",
    ],
    requirements: [
      "Final-year student or recent graduate in HR, business or a related field",
      "Good written and spoken English",
      "Comfortable with spreadsheets",
    ],
    daysAgo: 2,
    status: "open",
  },
  {
    job_title: "QA Automation Engineer",
    company: "Contoso Engineering GCC",
    location: "Pune",
    salary: "14,00,000 - 20,00,000 per annum",
    employment_type: "CONTRACTOR",
    job_description: `<p>Twelve-month contract with a product engineering GCC to build and maintain automated test suites for web and API services, working closely with developers in an agile team.</p>`,
    responsibilities: [
      "Build and maintain UI and API test automation",
      "Integrate tests into the CI/CD pipeline",
      "Analyse failures and work with developers on fixes",
    ],
    requirements: [
      "4+ years in QA automation",
      "Experience with Playwright, Selenium or Cypress",
      "Good knowledge of JavaScript, TypeScript or Java",
    ],
    daysAgo: 58,
    status: "closed",
  },
];

// ---------------------------------------------------------------------------
// Site settings (placeholder contact details)
// ---------------------------------------------------------------------------

export interface DemoSettings {
  /** The figures the site quotes: the six leaders below have about 120 years of experience between them. */
  figures: { candidates: number; leadership_years: number; centres_set_up: number };
  sales_email: string;
  info_email: string;
  hr_email: string;
  phone_india: string;
  phone_us: string;
  address: string;
  facebook: string;
  twitter: string;
  linkedin: string;
}

export const demoSettings: DemoSettings = {
  figures: { candidates: 5000, leadership_years: 120, centres_set_up: 9 },
  sales_email: "sales@example.com",
  info_email: "info@example.com",
  hr_email: "hr@example.com",
  phone_india: "+91 120 000 0000",
  // 555-0100 to 555-0199 are reserved for fictional use in the North American numbering plan.
  phone_us: "+1 202 555 0100",
  address: "Demo Tower, 5th Floor, Ahinsa Khand 1, Indirapuram, Ghaziabad, Uttar Pradesh 201014, India",
  facebook: "https://www.facebook.com/example",
  twitter: "https://twitter.com/example",
  linkedin: "https://www.linkedin.com/company/example",
};

// ---------------------------------------------------------------------------
// Transport and logistics directory reference data
// ---------------------------------------------------------------------------

/** Major cities (or, for Delhi, major districts/areas) keyed by indianStates value. */
export const cityByState: Record<number, string[]> = {
  1: ["Visakhapatnam", "Vijayawada", "Guntur", "Tirupati"],
  2: ["Itanagar", "Naharlagun", "Pasighat"],
  3: ["Guwahati", "Dibrugarh", "Silchar", "Jorhat"],
  4: ["Patna", "Gaya", "Muzaffarpur", "Bhagalpur"],
  5: ["Raipur", "Bhilai", "Bilaspur", "Korba"],
  6: ["Silvassa", "Daman", "Diu"],
  7: ["New Delhi", "Dwarka", "Narela", "Okhla"],
  8: ["Panaji", "Margao", "Vasco da Gama", "Mapusa"],
  9: ["Ahmedabad", "Surat", "Vadodara", "Rajkot"],
  10: ["Gurugram", "Faridabad", "Panipat", "Ambala"],
  11: ["Shimla", "Solan", "Baddi", "Mandi"],
  12: ["Srinagar", "Jammu", "Anantnag", "Kathua"],
  13: ["Ranchi", "Jamshedpur", "Dhanbad", "Bokaro Steel City"],
  14: ["Bengaluru", "Mysuru", "Mangaluru", "Hubballi"],
  15: ["Kochi", "Thiruvananthapuram", "Kozhikode", "Thrissur"],
  16: ["Leh", "Kargil"],
  17: ["Indore", "Bhopal", "Jabalpur", "Gwalior"],
  18: ["Mumbai", "Pune", "Nagpur", "Nashik"],
  19: ["Imphal", "Thoubal", "Churachandpur"],
  20: ["Shillong", "Tura", "Jowai"],
  21: ["Aizawl", "Lunglei", "Champhai"],
  22: ["Kohima", "Dimapur", "Mokokchung"],
  23: ["Bhubaneswar", "Cuttack", "Rourkela", "Sambalpur"],
  24: ["Puducherry", "Karaikal", "Mahe", "Yanam"],
  25: ["Ludhiana", "Amritsar", "Jalandhar", "Mohali"],
  26: ["Jaipur", "Jodhpur", "Udaipur", "Kota"],
  27: ["Gangtok", "Namchi", "Rangpo"],
  28: ["Chennai", "Coimbatore", "Madurai", "Tiruchirappalli"],
  29: ["Hyderabad", "Warangal", "Karimnagar", "Nizamabad"],
  30: ["Agartala", "Dharmanagar", "Kailashahar"],
  31: ["Lucknow", "Kanpur", "Ghaziabad", "Noida"],
  32: ["Dehradun", "Haridwar", "Haldwani", "Rudrapur"],
  33: ["Kolkata", "Howrah", "Siliguri", "Durgapur"],
  34: ["Port Blair", "Diglipur"],
  35: ["Chandigarh"],
  36: ["Kavaratti", "Agatti"],
};

/** Common goods moved by road, for demo loads. */
export const materials: readonly string[] = [
  "Cement",
  "Steel coils",
  "FMCG cartons",
  "Fertiliser bags",
  "Rice bags",
  "Wheat",
  "Sugar",
  "Cotton bales",
  "Auto parts",
  "Tiles and sanitaryware",
  "Packaged drinking water",
  "Timber",
  "Coal",
  "Electronics",
  "Pharmaceuticals",
];

export const firstNames: readonly string[] = [
  "Aarav",
  "Abhishek",
  "Aditi",
  "Ajay",
  "Amit",
  "Anil",
  "Anita",
  "Arun",
  "Deepak",
  "Divya",
  "Ganesh",
  "Gurpreet",
  "Harish",
  "Imran",
  "Jaspreet",
  "Karthik",
  "Kiran",
  "Lakshmi",
  "Mahesh",
  "Manoj",
  "Meena",
  "Mohan",
  "Naveen",
  "Pooja",
  "Prakash",
  "Rajesh",
  "Ramesh",
  "Ravi",
  "Salim",
  "Santosh",
  "Senthil",
  "Shalini",
  "Sunil",
  "Suresh",
  "Swati",
  "Tarun",
  "Uday",
  "Vijay",
  "Vinod",
  "Yogesh",
];

export const lastNames: readonly string[] = [
  "Agarwal",
  "Bhat",
  "Chauhan",
  "Choudhary",
  "Das",
  "Desai",
  "Dubey",
  "Gill",
  "Gupta",
  "Jadhav",
  "Jain",
  "Khan",
  "Kumar",
  "Mishra",
  "Menon",
  "Naidu",
  "Nair",
  "Pandey",
  "Patel",
  "Patil",
  "Pillai",
  "Rajput",
  "Rao",
  "Rathore",
  "Reddy",
  "Saini",
  "Sandhu",
  "Shah",
  "Sharma",
  "Shetty",
  "Singh",
  "Sinha",
  "Srinivasan",
  "Thakur",
  "Tiwari",
  "Tripathi",
  "Varma",
  "Yadav",
  "Krishnan",
  "Bose",
];

/** Appended to a surname or place to make demo transport company names. */
export const companySuffixes: readonly string[] = [
  "Logistics",
  "Roadways",
  "Transport Co.",
  "Carriers",
  "Roadlines",
  "Freight Movers",
  "Cargo Services",
  "Goods Carriers",
  "Express Cargo",
  "Fleet Services",
  "Transport Corporation",
  "Supply Chain Pvt. Ltd.",
];
