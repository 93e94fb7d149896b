/**
 * Passwords that lead every published breach list, compared case-insensitively. Only those of 8 or more
 * characters matter (shorter ones are refused by length), so the list keeps to them. A guesser tries these first.
 */
const COMMON_PASSWORDS = [
  "12345678", "123456789", "1234567890", "12345678910", "123123123", "1234512345", "11111111", "111111111",
  "1111111111", "00000000", "000000000", "0000000000", "22222222", "55555555", "66666666", "77777777", "88888888",
  "99999999", "12341234", "87654321", "987654321", "9876543210", "01234567", "012345678", "0123456789",
  "11223344", "112233445566", "123321123", "123456123", "123456654321", "12344321", "123654789", "147258369",
  "159753159", "741852963", "789456123", "963852741", "147852369", "123698745", "1q2w3e4r", "1q2w3e4r5t",
  "1q2w3e4r5t6y", "q1w2e3r4", "q1w2e3r4t5", "1qaz2wsx", "1qaz2wsx3edc", "zaq12wsx", "zaq1zaq1", "zaq1xsw2",
  "qazwsxedc", "qazwsx123", "qweasdzxc", "password", "password1", "password12", "password123", "password1234",
  "password!", "password1!", "passw0rd", "p@ssw0rd", "p@ssword", "pa55word", "pa$$word", "passwort", "motdepasse",
  "contraseña", "contrasena", "wachtwoord", "qwertyui", "qwertyuiop", "qwerty123", "qwerty1234", "qwerty12345",
  "qwertyuiop123", "qwerty12", "asdfghjk", "asdfghjkl", "asdf1234", "asdfasdf", "zxcvbnm1", "zxcvbnm123",
  "zxcvbnma", "abcd1234", "abcdefgh", "abcdefg1", "abc12345", "abc123456", "abcabc123", "aa123456", "a1234567",
  "a12345678", "a123456789", "aaaaaaaa", "iloveyou", "iloveyou1", "iloveyou2", "iloveyou!", "ilovegod",
  "loveyou1", "lovelove", "sunshine", "sunshine1", "princess", "princess1", "football", "football1", "baseball",
  "baseball1", "basketball", "superman", "superman1", "batman123", "starwars", "starwars1", "whatever",
  "whatever1", "trustno1", "welcome1", "welcome123", "welcome!", "letmein1", "letmein123", "letmein!",
  "changeme", "changeme1", "changeme123", "default1", "administrator", "admin123", "admin1234", "admin12345",
  "adminadmin", "rootroot", "root1234", "test1234", "test12345", "testtest", "testing1", "testing123", "guest123",
  "user1234", "computer", "computer1", "internet", "michelle", "jennifer", "jessica1", "samantha", "elizabeth",
  "alexander", "christopher", "christian", "nicholas", "jonathan", "victoria", "danielle", "veronica", "patricia",
  "margaret", "michael1", "charlie1", "jordan23", "midnight", "mercedes", "mustang1", "corvette", "ferrari1",
  "porsche1", "chelsea1", "liverpool", "liverpool1", "arsenal1", "manchester", "barcelona", "realmadrid",
  "juventus", "dolphins", "cowboys1", "steelers", "yankees1", "redskins", "packers1", "lakers24", "chicago1",
  "newyork1", "california", "america1", "thomas123", "diamond1", "chocolate", "butterfly", "butterfly1",
  "blink182", "metallica", "slipknot", "nirvana1", "rockyou1", "pokemon1", "pokemon123", "naruto123", "minecraft",
  "minecraft1", "fortnite", "fortnite1", "playstation", "nintendo", "xbox360!", "zelda123", "pikachu1",
  "spiderman", "spiderman1", "ironman1", "captain1", "michael23", "dragon12", "dragon123", "dragonball",
  "monkey12", "monkey123", "tigger12", "shadow12", "shadow123", "master12", "master123", "killer12", "hunter12",
  "hunter123", "ranger12", "soccer12", "soccer123", "hockey12", "jesus123", "jesuschrist", "blessed1",
  "godisgood", "heaven12", "angel123", "angels12", "babygirl", "babygirl1", "babygurl", "sweetheart",
  "sweetie1", "lovebug1", "cupcake1", "flower12", "flowers1", "rainbow1", "rainbow123", "cookie12", "cookie123",
  "cheese12", "chicken1", "banana12", "orange12", "apple123", "pepper12", "ginger12", "summer12", "summer123",
  "summer2023", "summer2024", "summer2025", "summer2026", "winter12", "winter2024", "winter2025", "spring2025",
  "autumn2025", "january1", "february", "december", "november", "september", "qwerty2024", "qwerty2025",
  "password2023", "password2024", "password2025", "password2026", "welcome2024", "welcome2025", "welcome2026",
  "letmein2025", "secret123", "secret12", "mysecret", "mypassword", "mypass123", "newpassword", "newpass1",
  "nopassword", "forgotpassword", "passpass", "password0", "password01", "password11", "password99",
  "1password", "123password", "password321", "drowssap", "football123", "baseball123", "soccer1234", "qwer1234",
  "asdf12345", "zxcv1234", "1234qwer", "1234asdf", "1234abcd", "12345qwert", "12345abc", "123abc123",
  "123qweasd", "123qweasdzxc", "qweqweqwe", "asdasdasd", "zxczxczxc", "azertyui", "azertyuiop", "azerty123",
  "qwertzui", "qwertzuiop", "trustme1", "access14", "access123", "freedom1", "freedom123", "matrix12",
  "maverick", "scorpion", "phoenix1", "thunder1", "lightning", "warrior1", "samsung1", "samsung123", "iphone12",
  "google123", "facebook", "facebook1", "linkedin", "twitter1", "instagram", "youtube1", "microsoft", "windows7",
  "windows10", "linux123", "ubuntu123", "oracle123", "sqlserver", "database", "letmeinnow", "opensesame",
  "shopping", "shopping1", "coffee123", "espresso", "cappuccino", "teatime1", "money123", "moneymoney",
  "million1", "millionaire", "business", "beautiful", "beautiful1", "handsome", "gangster", "hello123",
  "hello1234", "helloworld", "hellohello", "goodluck", "goodbye1", "anything", "something", "everything",
  "nothing1", "friends1", "bestfriend", "family123", "mother12", "father12", "brother1", "sister12", "daniel12",
  "andrew12", "joshua12", "matthew1", "anthony1", "william1", "richard1", "robert12", "charles1", "george12",
  "edward12", "benjamin", "samuel12", "gabriel1", "melissa1", "jasmine1", "nicole12", "ashley12", "amanda12",
  "stephanie", "jordan123", "justin12", "taylor12", "austin12", "dakota12", "brandon1", "tiffany1", "whitney1",
  "passw0rd1", "p@ssw0rd1", "p@$$w0rd", "qwerty!@#", "!qaz2wsx", "1qaz!qaz", "qwer!@#$", "!@#$%^&*",
  "!@#$%^&*()", "1234!@#$", "zaq!2wsx", "abc!@#123", "iloveu123", "iloveyou123", "loveme12", "letmein12",
];

const commonSet = new Set(COMMON_PASSWORDS.map((password) => password.toLowerCase()));

export function isCommonPassword(password: string): boolean {
  return commonSet.has(password.toLowerCase());
}
