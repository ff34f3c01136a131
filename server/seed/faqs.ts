import type { SeedRow } from './seeder';

/**
 * The demo help articles (docs/sales-office.md §8 "FAQ"): the screens people ask about, in Chinese and English, and in
 * Spanish and Japanese for the three screens used on the floor (kiosk, inspection, form fill). Each names the route
 * patterns it helps with (`screen`), where the header's help button shows it; `/faq/{key}` opens it by key. Written
 * from what the screens do (src/features/…, docs/*.md); an admin edits them at `/faqs/list`.
 */
interface Article {
  key: string;
  screen: string;
  sort: number;
  texts: Partial<Record<'zh' | 'en' | 'es' | 'ja', { title: string; body: string }>>;
}

const ARTICLES: readonly Article[] = [
  {
    key: 'order_entry', screen: '/orders/create /orders/edit/:id /orders/list', sort: 10,
    texts: {
      zh: { title: '录入订单', body: `
订单在 **订单录入** 页面填写：上半部分是订单头，下半部分是明细表格。

## 填写步骤
1. 选择 **客户**：业务员按客户资料自动带出，日期默认为今天。
2. **订单号** 可以留空，保存时按编号规则自动生成。
   有年度合同的客户可以选择 **合同**（只列出该客户在订单日期有效的合同）：新明细带出合同价，不在合同上的物料不能下单，详见 [销售合同](/faq/contracts)。更换客户会清空合同。
3. 在明细表格中输入 **物料编码或名称**，回车后自动匹配；单位、工艺流程和单价取物料资料，可以改。
4. 填写 **数量**；金额 = 数量 × 单价，合计在表格下方。
5. 按 **Ctrl+S** 或点“保存”。

## 快捷键
| 按键 | 作用 |
|---|---|
| Alt+N | 添加一行 |
| Ctrl+D | 复制当前行 |
| Ctrl+Delete | 删除当前行 |
| Tab / 回车 | 下一格 |

也可以从 Excel 复制多行直接粘贴，列依次为：物料编码或名称、数量、单价、主单位……无法识别的单元格会标红，改正后再保存。

## 订单状态
草稿 → **确认订单** → 开始生产 → 完工 → 发货。确认后才能为明细 **开流程卡**（第一次开卡时订单自动变为生产中）。
已完工、已发货或已作废的订单不能再修改；有流程卡的明细不能更换物料和工艺。

> 同一时间只能保存一次：提示“正在执行，请勿重复点击”时请稍候。

更多：[流程卡](/faq/cards) · [全部帮助](/faq/index)
` },
      en: { title: 'Entering an order', body: `
An order is entered on the **order entry** screen: the header on top, the lines grid below.

## Steps
1. Choose the **customer**: its salesperson is filled in from the customer, the date defaults to today.
2. Leave the **order number** empty to have it numbered by the pattern when saved.
   For a customer with an annual contract, pick the **contract** (only its contracts valid at the order's date are
   offered): new lines take the contract's prices and an item not on it is refused; see [Contracts](/faq/contracts).
   Changing the customer clears the contract.
3. In the lines grid type an **item code or name** and press Enter to resolve it; the unit, routing and price come from
   the item and can be changed.
4. Type the **quantity**; amount = quantity × price, with the totals under the grid.
5. Press **Ctrl+S** or click Save.

## Keys
| Key | Does |
|---|---|
| Alt+N | add a line |
| Ctrl+D | copy the current line |
| Ctrl+Delete | delete the current line |
| Tab / Enter | next cell |

You can also paste rows copied from Excel (columns: item code or name, quantity, unit price, main unit…). Cells that
cannot be recognised turn red; correct them before saving.

## Order status
Draft → **Confirm** → In production → Finished → Shipped. Only a confirmed order can **generate process cards** for its
lines (the first cards put it in production). Finished, shipped and voided orders no longer change; a line with cards
keeps its item and routing.

> One save at a time: if you see "executing, please do not click repeatedly", wait a moment.

More: [Process cards](/faq/cards) · [All help](/faq/index)
` },
    },
  },
  {
    key: 'kiosk', screen: '/orders/tap3', sort: 20,
    texts: {
      zh: { title: '车间刷卡机', body: `
刷卡机（/orders/tap3）全屏运行在工位旁的电脑或平板上，**断网也能刷卡**，记录不会丢也不会重复。

## 怎么刷
1. 先刷 **工牌**：屏幕显示“操作员：姓名”。换人时点“换人”或直接刷新的工牌。
2. 再刷 **流程卡**（条码或 RFID）：
   - 工序为“开工/完工”方式时，第一次刷是 **开工**，第二次刷是 **完工**；
   - 工序为“过站”方式时，刷一次即完工。
3. 绿色表示成功；**橙色** 表示重复刷卡（10 秒内同一张卡被忽略）或本机没有这张卡的数据（已记下，联网后由服务器核对）；红色表示被拒绝。

## 屏幕上的提示
- “待同步 N 条”：还没传到服务器的刷卡，联网后自动上传。
- “N 条被拒绝”：服务器不接受的刷卡（例如上道工序未完成），由主管在“同步异常”中处理。
- “未识别的工牌”：工牌不在名单中，请联系主管登记。

本机必须以 **终端** 身份登录（登录页填终端编号，如 KIOSK-01），否则刷卡无法同步。
` },
      en: { title: 'The card-swipe kiosk', body: `
The kiosk (/orders/tap3) runs full screen on a PC or tablet at the work node and **works with no network**: no swipe is
lost or counted twice.

## Swiping
1. Swipe your **badge** first: the screen shows "Operator: name". To change, tap "Change" or swipe another badge.
2. Then swipe the **process card** (barcode or RFID):
   - at a start/finish node the first swipe **starts** the step, the second **finishes** it;
   - at a single-swipe node one swipe passes the card.
3. Green means done; **orange** means a repeat (the same card within 10 s is ignored) or a card this device does not
   hold yet (recorded, checked by the server when online); red means refused.

## On the screen
- "N pending": swipes not yet sent; they go up by themselves when the network is back.
- "N rejected": swipes the server refused (a previous step not done, for example); a supervisor handles them under
  *Rejected records*.
- "Unknown badge": the badge is not on the list; ask your supervisor to register it.

The device must be logged in as a **terminal** (the terminal code on the login page, e.g. KIOSK-01), or swipes cannot be
synced.
` },
      es: { title: 'El terminal de fichaje', body: `
El terminal (/orders/tap3) ocupa toda la pantalla de un PC o tableta junto a la máquina y **funciona sin red**: ningún
fichaje se pierde ni se cuenta dos veces.

## Cómo fichar
1. Pase primero su **tarjeta de empleado**: la pantalla muestra «Operario: nombre». Para cambiar, toque «Cambiar» o pase
   otra tarjeta.
2. Después pase la **tarjeta de proceso** (código de barras o RFID):
   - en un puesto de inicio/fin, el primer paso **inicia** la operación y el segundo la **termina**;
   - en un puesto de paso único, un solo paso la da por hecha.
3. Verde: correcto; **naranja**: repetido (la misma tarjeta en 10 s se ignora) o tarjeta que este equipo aún no tiene
   (se guarda y el servidor la comprueba al volver la red); rojo: rechazado.

## En pantalla
- «N pendientes»: fichajes aún no enviados; se envían solos cuando vuelve la red.
- «N rechazados»: fichajes que el servidor no aceptó (p. ej. la operación anterior no terminó); los resuelve un
  supervisor en *Registros rechazados*.
- «Tarjeta desconocida»: la tarjeta no está en la lista; pida a su supervisor que la registre.

El equipo debe iniciar sesión como **terminal** (código del terminal en la página de acceso, p. ej. KIOSK-01).
` },
      ja: { title: '打刻端末', body: `
打刻端末（/orders/tap3）は工程横の PC やタブレットで全画面表示され、**ネットワークがなくても打刻できます**。打刻は失われず、二重にも数えられません。

## 打刻の手順
1. まず **社員証** をかざします。画面に「作業者：氏名」が表示されます。交代するときは「交代」を押すか、別の社員証をかざします。
2. 次に **工程カード**（バーコードまたは RFID）をかざします。
   - 開始／完了方式の工程では、1 回目が **開始**、2 回目が **完了** です。
   - 通過方式の工程では、1 回で完了します。
3. 緑は成功、**オレンジ** は重複（同じカードは 10 秒以内は無視）またはこの端末にないカード（記録され、接続後にサーバーが確認）、赤は拒否です。

## 画面の表示
- 「未同期 N 件」：まだ送信していない打刻。接続が戻ると自動で送られます。
- 「N 件拒否」：サーバーが受け付けなかった打刻（前工程が未完了など）。班長が「同期エラー」で処理します。
- 「未登録の社員証」：名簿にない社員証です。班長に登録を依頼してください。

端末は **端末** としてログインしている必要があります（ログイン画面で端末コード、例 KIOSK-01 を入力）。
` },
    },
  },
  {
    key: 'inspection', screen: '/inventorydetails/create /inventorydetails/precheck', sort: 30,
    texts: {
      zh: { title: '检验（成品检验、半成品检验）', body: `
检验页面为单手操作的平板设计，**离线也能提交**，联网后自动同步。

1. **刷检验员工牌**（用绑定了人员的账号登录时可省略）。
2. **扫描流程卡**：用扫码枪或点“摄像头”扫码，也可以手输卡号后点“查找流程卡”。
3. 填写 **合格数量**、**不良数量**、重量和等级。
4. 有不良时按 **不良原因** 分别填数量：各原因之和不能大于不良数量，少于时会提示补齐。
5. 需要时 **拍照**（最多几张，照片会自动压缩）。
6. 点 **提交检验**，提示“已记录”后扫描下一张卡。

## 离线与照片
- 离线时检验和照片先存在平板上，联网后照片先上传，检验随后自动提交，只提交一次。
- “N 条检验正在等照片上传”：可点“立即上传”；照片被拒绝时按提示重试或删除照片。
- 平板存储已满时检验不会保存：请先联网同步。

等级和不良原因由管理员在系统参数（inspection_grades、defect_reasons）中设置。
` },
      en: { title: 'Inspections (finished and semi-finished)', body: `
The inspection screen is laid out for one hand on a tablet and **submits offline too**; it syncs when back online.

1. **Swipe the inspector's badge** (not needed when logged in with an account bound to a person).
2. **Scan the process card** with the reader or the "Camera" button, or type the number and press "Look up card".
3. Enter the **passed quantity**, the **bad quantity**, weight and grade.
4. For bad pieces enter the quantity per **defect reason**: their sum may not exceed the bad quantity, and you are told
   when it falls short.
5. **Take photos** if needed (they are made small automatically).
6. Press **Submit inspection**; when it says recorded, scan the next card.

## Offline and photos
- Offline, the inspection and its photos are kept on the tablet; once online the photos upload first and the
  inspection follows by itself, exactly once.
- "N inspections waiting for photos": press "Upload now"; if a photo is refused, retry or delete it.
- When the tablet's storage is full the inspection is not saved: sync online first.

Grades and defect reasons are set by the admin in the settings (inspection_grades, defect_reasons).
` },
      es: { title: 'Inspecciones (terminados y semiacabados)', body: `
La pantalla de inspección está pensada para usarse con una mano en una tableta y **también envía sin red**; se
sincroniza al volver la conexión.

1. **Pase la tarjeta del inspector** (no hace falta si la cuenta está vinculada a una persona).
2. **Escanee la tarjeta de proceso** con el lector o el botón «Cámara», o escriba el número y pulse «Buscar tarjeta».
3. Indique la **cantidad buena**, la **cantidad defectuosa**, el peso y el grado.
4. Reparta los defectuosos por **motivo de defecto**: la suma no puede superar la cantidad defectuosa y se avisa si
   falta.
5. **Haga fotos** si hace falta (se reducen automáticamente).
6. Pulse **Enviar inspección**; cuando diga registrada, escanee la siguiente tarjeta.

## Sin red y fotos
- Sin red, la inspección y sus fotos se guardan en la tableta; con red, primero suben las fotos y después la
  inspección, una sola vez.
- «N inspecciones esperando fotos»: pulse «Subir ahora»; si se rechaza una foto, reinténtelo o bórrela.
- Si el almacenamiento de la tableta está lleno, la inspección no se guarda: sincronice primero.
` },
      ja: { title: '検査（製品検査・半製品検査）', body: `
検査画面はタブレットを片手で操作できるように作られており、**オフラインでも提出できます**。接続が戻ると自動で同期します。

1. **検査員の社員証をかざします**（人員に紐付いたアカウントでログインしている場合は不要）。
2. **工程カードをスキャンします**。スキャナーか「カメラ」ボタンを使うか、番号を入力して「カード検索」を押します。
3. **合格数量**、**不良数量**、重量、等級を入力します。
4. 不良がある場合は **不良理由** ごとに数量を入力します。合計は不良数量を超えられず、不足すると知らせます。
5. 必要なら **写真を撮ります**（自動で縮小されます）。
6. **検査を提出** を押し、「記録しました」と出たら次のカードをスキャンします。

## オフラインと写真
- オフラインでは検査と写真をタブレットに保存し、接続後に写真を先にアップロードしてから検査を 1 回だけ提出します。
- 「N 件の検査が写真のアップロード待ち」：「今すぐアップロード」を押します。写真が拒否された場合は再試行するか削除します。
- タブレットの容量が一杯だと検査は保存されません。先に同期してください。
` },
    },
  },
  {
    key: 'form_fill', screen: '/forms/create', sort: 40,
    texts: {
      zh: { title: '填写表单（首件、巡检、点检）', body: `
在车间平板上按模板填写检验和点检表单，**离线也能填**，联网后自动上传一次。

1. 选择 **分类** 和 **模板**（如“生产巡检”“设备点检”），再选择 **填写人**。
2. 按顺序回答各项：数字、选择、是/否、流程卡（扫码）、机台、照片、签名。
3. 数字超出上下限时格子 **变红**：照样可以提交，表单会被标记为 **异常**，主管会收到提醒并复核；这是事实记录，不要为了“变绿”改数字。
4. 必填项没填、格式不对时不能提交，按红字改正。
5. 点 **提交**：表单先保存在平板上，平板显示还有几张等待上传。

## 注意
- 照片和签名随表单一起上传；离线时先存在平板上。
- 被服务器拒绝的表单（例如卡号输错）进入“同步异常”，由主管更正后重新提交。
- 在办公室电脑上填写时需要联网：只有以终端身份登录的平板才能离线排队。
` },
      en: { title: 'Filling a form (first article, patrol, machine check)', body: `
Inspection and check forms are filled on a tablet on the floor from their template, **offline too**; each is sent once
when the network is back.

1. Choose the **category** and the **template** (e.g. production patrol, machine check), then **who fills it in**.
2. Answer each field: numbers, choices, yes/no, a process card (scan it), a machine, photos, a signature.
3. A number outside its limits turns **red**: you can still submit; the form is saved **flagged** and a supervisor is
   told to review it. It is a record of fact: never change a reading to make it green.
4. A required answer missing or a value of the wrong kind stops the submit: correct what is marked in red.
5. Press **Submit**: the form is kept on the tablet first, and the tablet shows how many wait to be sent.

## Good to know
- Photos and signatures travel with the form; offline they wait on the tablet.
- A form the server refuses (a card number mistyped, for example) goes to *Rejected records*, where a supervisor
  corrects and resubmits it.
- In the office the form is saved online: only a tablet logged in as a terminal can queue forms offline.
` },
      es: { title: 'Rellenar un formulario (primera pieza, ronda, revisión de máquina)', body: `
Los formularios de inspección y revisión se rellenan en la tableta de planta según su plantilla, **también sin red**;
cada uno se envía una sola vez al volver la conexión.

1. Elija la **categoría** y la **plantilla** (p. ej. ronda de producción, revisión de máquina) y **quién la rellena**.
2. Conteste cada campo: números, opciones, sí/no, tarjeta de proceso (escanéela), máquina, fotos, firma.
3. Un número fuera de sus límites se pone **rojo**: puede enviarlo igualmente; el formulario queda **marcado** y un
   supervisor lo revisa. Es un registro de hechos: no cambie una lectura para que salga verde.
4. Si falta una respuesta obligatoria o un valor no es válido, no se puede enviar: corrija lo marcado en rojo.
5. Pulse **Enviar**: el formulario se guarda primero en la tableta, que muestra cuántos esperan a enviarse.

Un formulario rechazado por el servidor pasa a *Registros rechazados*, donde un supervisor lo corrige y lo reenvía.
` },
      ja: { title: 'フォームの記入（初品・巡回・設備点検）', body: `
検査・点検フォームは現場のタブレットでテンプレートに沿って記入します。**オフラインでも記入でき**、接続が戻ると 1 回だけ送信されます。

1. **分類** と **テンプレート**（生産巡回、設備点検など）を選び、**記入者** を選びます。
2. 各項目に答えます：数値、選択、はい／いいえ、工程カード（スキャン）、機械、写真、署名。
3. 上下限を外れた数値は **赤** になります。そのまま提出でき、フォームは **異常** として保存され、班長が確認します。事実の記録なので、緑にするために数値を変えないでください。
4. 必須項目の未入力や形式の誤りがあると提出できません。赤字の箇所を直してください。
5. **提出** を押します。フォームはまずタブレットに保存され、送信待ちの件数が表示されます。

サーバーに拒否されたフォーム（カード番号の入力ミスなど）は「同期エラー」に入り、班長が修正して再提出します。
` },
    },
  },
  {
    key: 'forms', screen: '/forms/categories /forms/list/:category_id /forms/edit/:id', sort: 45,
    texts: {
      zh: { title: '表单查询与复核', body: `
**表单** 菜单按分类列出模板、今天填写的数量和 **未复核的异常** 数量；点“填写”打开填写页。

- 分类下的表单列表可以按日期、模板、填写人和是否异常筛选，并导出 Excel；异常的行有标记。
- 打开一张表单可以看到各项答案、超限的项目、照片和签名。
- **复核**：异常表单必须写复核意见。复核后表单不能再修改。
` },
      en: { title: 'Finding and reviewing forms', body: `
The **Forms** menu lists each category with its templates, today's forms and the **flagged forms not yet reviewed**;
"Fill" opens the fill screen.

- A category's list filters by date, template, who filled it and flagged, and exports to Excel. Flagged rows are
  marked.
- A form shows its answers, the values outside limits, its photos and signature.
- **Review**: a flagged form needs a review comment. A reviewed form no longer changes.
` },
    },
  },
  {
    key: 'contracts', screen: '/contracts/list /contracts/create /contracts/edit/:id', sort: 50,
    texts: {
      zh: { title: '销售合同（年度供货合同）', body: `
合同就是与客户约定的 **价格表**：客户、业务员、合同号、签订日期、有效期、币种、付款条件，以及每个物料的约定单价和数量。

## 生效流程
草稿 → **生效** → 到期（按日期）或 **终止**（须写原因，由管理员操作）。

- 生效后客户、币种、开始日期、明细和价格都不能改；可以延长结束日期、改付款条件、备注和附件。**要改价格请新建合同（补充协议）**。
- 只有草稿可以作废。

## 与订单的关系
订单选择合同后，新明细自动带出合同价；不在合同上的物料不能下单；低于合同价的单价会标红；超出约定数量只提示不拒绝。
合同明细显示已下单、已发货、已开账单的数量。

附件（扫描件、PDF）在合同页面上传。
` },
      en: { title: 'Sales contracts (annual supply agreements)', body: `
A contract is the **price list** agreed with a customer: customer, salesperson, number, signing date, validity,
currency, payment terms, and per item the agreed price and quantity.

## From draft to active
Draft → **Activate** → expired (by its dates) or **terminated** (with a reason, by an administrator).

- Once active, its customer, currency, start date, lines and prices are fixed; the end date may move later and the
  payment terms, remark and files change. **A new price is a new contract (a supplement).**
- Only a draft can be voided.

## Orders against a contract
An order that names the contract takes the contract's prices on new lines; an item not on the contract is refused; a
price below the contract is marked red; ordering beyond the agreed quantity only warns.
Each line shows what was ordered, delivered and billed against it.

Attach scans and PDFs on the contract's page.
` },
    },
  },
  {
    key: 'bills', screen: '/payments/bills /bills/edit/:id /payments/build2 /payments/bills_other', sort: 80,
    texts: {
      zh: { title: '对账单', body: `
## 生成对账单
在 **生成对账单** 中选择客户和期间：先预览未开账的送货明细（已发货或已签收），确认后生成一张 **草稿** 账单，并自动打开。同一送货明细只会开进一张账单。

## 草稿账单
- 明细按送货单分组，每组有小计；合计下方有大写金额、已收款和余额。
- 草稿时可以给每行填 **调整金额和原因**，或作废某一行（该送货明细回到未开账）。
- 点 **确认**：确认后的账单才计入应收、可以收款核销和开票，之后只读。

## 其他
- **其他账单**：不来自送货的账单，手工填写说明、数量、单位、单价；负数合计即红字账单。
- 可随时打印（A4 横向，含二维码供客户查询）和导出 Excel。
- 月份已结账时不能再生成、修改或作废该月账单。
` },
      en: { title: 'Bills', body: `
## Building a bill
Under **Build bill** choose the customer and the period: the unbilled delivery lines (shipped or signed for) are
previewed; building makes one **draft** bill and opens it. A delivery line is billed once only.

## A draft bill
- Lines are grouped by delivery note with a subtotal each; under the total: the amount in Chinese capitals, received
  and balance.
- While a draft, give a line an **adjustment and its reason**, or void a line (its delivery line is unbilled again).
- **Confirm** it: only confirmed bills are owed, allocated and invoiced; it then reads only.

## Also
- **Other bills**: bills not made from deliveries, typed by hand (description, quantity, unit, price); a negative total is
  a credit note.
- Print (A4 landscape, with a QR code the customer can check) and export to Excel at any time.
- A closed month's bills are not built, changed or voided.
` },
    },
  },
  {
    key: 'receipts', screen: '/payments/list /payments/create /payments/edit/:id /payments/balances', sort: 90,
    texts: {
      zh: { title: '收款与核销', body: `
1. **新建收款**：客户、银行账户、日期、金额，保存后打开收款页面。
2. 右侧 **核销面板** 列出该客户已确认、未收清的账单：在每张账单上填核销金额，或点 **自动核销**（按账单日期先后）。
3. 未核销的部分留作客户的预收款（贷方余额）。
4. 已核销的可以点“撤回”。

**应收余额** 页面按客户显示余额和账龄。银行流水可以在“银行流水导入”中导入后直接生成收款。
` },
      en: { title: 'Receipts and allocation', body: `
1. **New receipt**: customer, bank account, date, amount; once saved the receipt's page opens.
2. The **allocation panel** beside it lists the customer's confirmed bills still owed: type an amount per bill, or
   press **Allocate automatically** (oldest bill first).
3. What is not allocated stays as the customer's credit.
4. An allocation can be taken back.

**Receivable balances** shows each customer's balance and aging. Bank statements imported under *Bank statement
import* become receipts directly.
` },
    },
  },
  {
    key: 'cards', screen: '/orders/cards/list /cards/query/:id /cards/prints', sort: 100,
    texts: {
      zh: { title: '流程卡', body: `
流程卡在订单确认后从订单明细 **开流程卡** 生成（按张数或按每张数量），每张卡随货走完工艺流程的各道工序。

- **流程卡列表**：按卡号开头、状态（未完工 / 已完工）等筛选；勾选后可 **打印标签**。
- **拆卡**：把一张卡的一部分数量拆到新卡，本卡保留其余。
- **流程卡履历**（点卡号打开）：各工序的开工、完工时间、操作员、机台、良品和不良数量。
- 工序由车间 [刷卡机](/faq/kiosk) 刷卡推进；已开工的卡不能作废。
` },
      en: { title: 'Process cards', body: `
Process cards are generated from a confirmed order's line (**Generate cards**, by count or by quantity per card); each
card travels with the goods through the steps of its routing.

- **Card list**: filter by number prefix, status (not finished / finished) and more; tick cards to **print labels**.
- **Split**: move part of a card's quantity to a new card; this card keeps the rest.
- **Card history** (click the number): each step's start and finish, operator, machine, good and bad quantities.
- Steps move on when swiped at the [kiosk](/faq/kiosk); a card that has started cannot be voided.
` },
    },
  },
  {
    key: 'deadletters', screen: '/sync/deadletters', sort: 110,
    texts: {
      zh: { title: '同步异常（被拒绝的记录）', body: `
刷卡机、检验平板、表单平板和司机手机离线记下的记录，上传后如果服务器不接受（例如流程卡不存在、上道工序未完成、数量超出），会出现在这里，**不会丢失**。

- 每条显示终端、发生时间、接收时间、数据和 **原因**。
- **更正后重新提交**：改正数据后重新按规则处理，仍不符合时显示新的原因。
- **忽略**：不再计入、也不再同步，必须写明原因。

只有主管能处理同步异常；刷卡机上会显示被拒绝的条数。
` },
      en: { title: 'Rejected records', body: `
Records kept offline by the kiosks, inspection and form tablets and drivers' phones that the server refused when they
arrived (an unknown card, a previous step not done, a quantity beyond the card) land here: **nothing is lost**.

- Each shows the terminal, when it happened and arrived, its data and the **reason**.
- **Resubmit after correcting**: fix the data and it is decided again by the rules; if it still fails, the new reason
  shows.
- **Dismiss**: it no longer counts nor syncs; a note saying why is required.

Supervisors handle rejected records; the kiosk shows how many of its own were rejected.
` },
    },
  },
  {
    key: 'help_articles', screen: '/faqs/list /faqs/create /faqs/edit/:id', sort: 120,
    texts: {
      zh: { title: '编写帮助文章', body: `
每篇帮助文章由 **文章键** 和 **语言** 确定（同一键每种语言一篇），用 Markdown 书写，编辑时下方实时预览。

- **文章键**：字母、数字、下划线，例如 \`order_entry\`；打开地址为 \`/faq/order_entry\`。
- **所属页面**：页面路径模式，例如 \`/orders/edit/:id\`，多个用空格分隔；这些页面的顶栏会出现 **帮助按钮**。
- 读者的语言没有这篇时显示中文版，再没有则显示任一语言，并注明。
- 可以写标题、列表、表格、代码、引用；链接可以是站内路径（在系统内打开）或 http(s)、邮件地址（新窗口打开）。
- 图片只能用本系统上传的文件（\`/files/?action=download&id=…\`）；HTML 会按原文显示，不会执行。
` },
      en: { title: 'Writing help articles', body: `
An article is identified by its **key** and **language** (one per language for a key), written in Markdown, with a live
preview under the editor.

- **Key**: letters, digits and underscores, e.g. \`order_entry\`; it opens at \`/faq/order_entry\`.
- **Screens**: route patterns such as \`/orders/edit/:id\`, several separated by spaces; those screens show the
  **help button** in the header.
- A reader whose language has no version gets the Chinese one, else any written, with a note saying so.
- Headings, lists, tables, code and quotes work; links may be in-app paths (opened inside the app) or http(s) and mail
  addresses (opened in a new tab).
- Images must be files uploaded to this system (\`/files/?action=download&id=…\`); HTML shows as text and never runs.
` },
    },
  },
];

/** The articles as `faqs` rows: one per key and language written. */
export function faqRows(): SeedRow[] {
  return ARTICLES.flatMap(a => Object.entries(a.texts).map(([language, t]) => ({
    key: a.key, language, title: t.title, screen: a.screen, body: t.body.trim(), sort: a.sort, active: true,
  })));
}
