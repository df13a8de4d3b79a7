/** Everyday help-centre words in each language's own script, for the benchmark corpus. `join` is '' where words are not spaced. */
export const words = {
  en: {
    join: ' ',
    list: 'account chat code link session search theme language message staff contact invite password help article topic reply open close send secure browser page'.split(
      ' ',
    ),
  },
  'zh-Hans': {
    join: '',
    list: '账户 聊天 代码 链接 会话 搜索 主题 语言 消息 员工 联系人 邀请 密码 帮助 文章 话题 回复 打开 关闭 发送 安全 浏览器 页面'.split(
      ' ',
    ),
  },
  'zh-Hant': {
    join: '',
    list: '帳戶 聊天 代碼 連結 工作階段 搜尋 主題 語言 訊息 員工 聯絡人 邀請 密碼 說明 文章 話題 回覆 開啟 關閉 傳送 安全 瀏覽器 頁面'.split(
      ' ',
    ),
  },
  ja: {
    join: '',
    list: 'アカウント チャット コード リンク セッション 検索 テーマ 言語 メッセージ スタッフ 連絡先 招待 パスワード ヘルプ 記事 トピック 返信 開く 閉じる 送信 安全 ブラウザ ページ'.split(
      ' ',
    ),
  },
  ko: {
    join: ' ',
    list: '계정 채팅 코드 링크 세션 검색 테마 언어 메시지 직원 연락처 초대 비밀번호 도움말 문서 주제 답장 열기 닫기 보내기 보안 브라우저 페이지'.split(
      ' ',
    ),
  },
  it: {
    join: ' ',
    list: 'account chat codice collegamento sessione ricerca tema lingua messaggio personale contatto invito password aiuto articolo argomento risposta aprire chiudere inviare sicuro browser pagina'.split(
      ' ',
    ),
  },
  fr: {
    join: ' ',
    list: 'compte discussion code lien session recherche thème langue message équipe contact invitation mot-de-passe aide article sujet réponse ouvrir fermer envoyer sécurisé navigateur page'.split(
      ' ',
    ),
  },
  pt: {
    join: ' ',
    list: 'conta conversa código ligação sessão pesquisa tema idioma mensagem equipa contacto convite palavra-passe ajuda artigo tópico resposta abrir fechar enviar seguro navegador página'.split(
      ' ',
    ),
  },
  'pt-BR': {
    join: ' ',
    list: 'conta conversa código link sessão busca tema idioma mensagem equipe contato convite senha ajuda artigo tópico resposta abrir fechar enviar seguro navegador página'.split(
      ' ',
    ),
  },
  de: {
    join: ' ',
    list: 'Konto Chat Code Link Sitzung Suche Thema Sprache Nachricht Team Kontakt Einladung Passwort Hilfe Artikel Bereich Antwort öffnen schließen senden sicher Browser Seite'.split(
      ' ',
    ),
  },
  es: {
    join: ' ',
    list: 'cuenta chat código enlace sesión búsqueda tema idioma mensaje equipo contacto invitación contraseña ayuda artículo sección respuesta abrir cerrar enviar seguro navegador página'.split(
      ' ',
    ),
  },
  ru: {
    join: ' ',
    list: 'аккаунт чат код ссылка сеанс поиск тема язык сообщение сотрудник контакт приглашение пароль помощь статья раздел ответ открыть закрыть отправить безопасно браузер страница'.split(
      ' ',
    ),
  },
  sv: {
    join: ' ',
    list: 'konto chatt kod länk session sökning tema språk meddelande personal kontakt inbjudan lösenord hjälp artikel ämne svar öppna stäng skicka säker webbläsare sida'.split(
      ' ',
    ),
  },
  id: {
    join: ' ',
    list: 'akun obrolan kode tautan sesi pencarian tema bahasa pesan staf kontak undangan sandi bantuan artikel topik balasan buka tutup kirim aman peramban halaman'.split(
      ' ',
    ),
  },
  th: {
    join: '',
    list: 'บัญชี แชท รหัส ลิงก์ เซสชัน ค้นหา ธีม ภาษา ข้อความ พนักงาน ผู้ติดต่อ คำเชิญ รหัสผ่าน ช่วยเหลือ บทความ หัวข้อ ตอบกลับ เปิด ปิด ส่ง ปลอดภัย เบราว์เซอร์ หน้า'.split(
      ' ',
    ),
  },
  ar: {
    join: ' ',
    list: 'حساب محادثة رمز رابط جلسة بحث سمة لغة رسالة فريق جهة دعوة كلمة مساعدة مقالة موضوع رد فتح إغلاق إرسال آمن متصفح صفحة'.split(' '),
  },
  he: {
    join: ' ',
    list: 'חשבון צ׳אט קוד קישור הפעלה חיפוש ערכת שפה הודעה צוות איש הזמנה סיסמה עזרה מאמר נושא תשובה פתיחה סגירה שליחה מאובטח דפדפן דף'.split(
      ' ',
    ),
  },
  vi: {
    join: ' ',
    list: 'tài khoản trò chuyện mã liên kết phiên tìm kiếm chủ đề ngôn ngữ tin nhắn nhân viên liên hệ lời mời mật khẩu trợ giúp bài viết trả lời mở đóng gửi an toàn trình duyệt trang'.split(
      ' ',
    ),
  },
  tr: {
    join: ' ',
    list: 'hesap sohbet kod bağlantı oturum arama tema dil mesaj ekip kişi davet parola yardım makale konu yanıt aç kapat gönder güvenli tarayıcı sayfa'.split(
      ' ',
    ),
  },
  nl: {
    join: ' ',
    list: 'account chat code link sessie zoeken thema taal bericht team contact uitnodiging wachtwoord hulp artikel onderwerp antwoord openen sluiten versturen veilig browser pagina'.split(
      ' ',
    ),
  },
  el: {
    join: ' ',
    list: 'λογαριασμός συνομιλία κωδικός σύνδεσμος συνεδρία αναζήτηση θέμα γλώσσα μήνυμα προσωπικό επαφή πρόσκληση συνθηματικό βοήθεια άρθρο ενότητα απάντηση άνοιγμα κλείσιμο αποστολή ασφαλές φυλλομετρητής σελίδα'.split(
      ' ',
    ),
  },
  pl: {
    join: ' ',
    list: 'konto czat kod link sesja wyszukiwanie motyw język wiadomość zespół kontakt zaproszenie hasło pomoc artykuł temat odpowiedź otwórz zamknij wyślij bezpieczny przeglądarka strona'.split(
      ' ',
    ),
  },
  da: {
    join: ' ',
    list: 'konto chat kode link session søgning tema sprog besked personale kontakt invitation adgangskode hjælp artikel emne svar åbn luk send sikker browser side'.split(
      ' ',
    ),
  },
  fi: {
    join: ' ',
    list: 'tili keskustelu koodi linkki istunto haku teema kieli viesti henkilöstö yhteyshenkilö kutsu salasana ohje artikkeli aihe vastaus avaa sulje lähetä turvallinen selain sivu'.split(
      ' ',
    ),
  },
  no: {
    join: ' ',
    list: 'konto chat kode lenke økt søk tema språk melding ansatte kontakt invitasjon passord hjelp artikkel emne svar åpne lukk send sikker nettleser side'.split(
      ' ',
    ),
  },
};
