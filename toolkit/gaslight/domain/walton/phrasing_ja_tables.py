"""The Japanese card phrasings of Walton cases, per claim type and kind of speaker (the sentences only; the
rendering is :mod:`gaslight.domain.walton.phrasing_ja`).

Each kind of speaker keeps one register, and the grammar test reads every card for it:

* the police and the coroner state findings in plain speech (だ・である体): no sentence ends in です or ます;
* servants speak in keigo (です・ます体 with honorifics for the guests: いらっしゃいました, お見かけしました);
* suspects speak politely to the inspector (です・ます体), of themselves as 私 (a group: 私たち).

Tokens as in the English tables: {suspect}, {suspects}, {room}, {scene}, {motive} (printed in 『』), {trace},
{weapon}, {victim}, {cause} (what the motive is to its suspect: 恨み, 秘密, 借金, 悪事). Names come with the
speaker's honorific already (a servant says 様, a guest さん), so no template adds one. No template names a room
but through {room} or {scene}.

>>> sorted(POLICE)[:3]
['acted_alone', 'conspiring', 'in_room']
"""

from __future__ import annotations

# What a clue or an elimination calls a motive of each kind ("{suspect}の{cause}").
CAUSE_WORDS_JA = {"grievance": "恨み", "secret": "秘密", "debt": "借金", "misdeed": "悪事"}
# Words that tell a grievance: no card about a motive of another kind uses them.
GRIEVANCE_WORDS_JA = ("恨", "確執", "口論", "言い争", "根に持")

# The police's findings (the coroner's too, where he has none of his own): plain speech.
POLICE: dict[str, tuple[str, ...]] = {
    "motive_testimony": ("聞き込みによれば、{suspect}には{victim}を恨む理由があった。『{motive}』の件である。",
                         "{suspect}が『{motive}』をめぐって{victim}と争っていたことは、複数の証言で裏づけられている。",
                         "{suspect}は『{motive}』のことで{victim}を恨んでいた。巡査の手帳にもそうある。"),
    "motive_clue": ("机の書類が{suspect}の{cause}を裏づけている。『{motive}』である。",
                    "{scene}で見つかった手紙から、{suspect}の{cause}が明らかになった。『{motive}』だ。",
                    "{victim}の書類の中に、{suspect}の{cause}の証拠があった。『{motive}』である。"),
    "motive_eliminated": ("{suspect}の{cause}、『{motive}』を調べたが、事件とは無関係だった。",
                          "『{motive}』という{suspect}の{cause}は、あの夜の事件に関わっていない。除外してよい。"),
    "in_room": ("我々の時系列では、事件が始まったとき{suspect}は{room}にいた。",
                "事件の始まりに{suspect}が{room}にいたことは、二つの証言が一致している。",
                "事件が始まった時点で、{suspect}の居場所は{room}である。"),
    "not_in_room": ("事件が始まったとき、{suspect}は{room}にはいなかった。確認済みである。",
                    "時刻から見て、事件の始まりに{suspect}が{room}にいたはずはない。"),
    "seen_in_room": ("複数の証言によれば、{suspect}は最初から最後まで{room}にいた。",
                     "{suspect}は一晩中{room}から出なかった。三人の証言が一致している。"),
    "together": ("証言によれば、{suspects}は最初から最後まで一緒にいた。",
                 "{suspects}は互いの行動を証言しており、目撃者の話とも一致する。ずっと一緒だった。"),
    "trace_found": ("検視報告書に明記されている。遺体には{trace}があった。",
                    "検視官によれば、遺体には{trace}が見られた。"),
    "trace_absent": ("検視報告書によれば、{trace}はなかった。",
                     "検視官は{trace}を探したが、見つからなかった。"),
    "weapon_not_used": ("{weapon}は調べ済みで、凶器ではなかった。",
                        "{weapon}のことは考えなくてよい。事件には使われていない。"),
    "may_have_passed": ("{room}に足跡があった。{suspects}が通った可能性がある。",
                        "何者かが{room}を通った。{suspects}は除外できない。"),
    "room_undisturbed": ("{scene}へ向かった犯人は{room}を通っておらず、そこから出発してもいない。確認済みである。",
                         "犯人の経路は{room}を通らず、そこから始まってもいない。証言がそれを否定している。"),
    "not_culprit": ("{suspect}に犯行は不可能だった。確認済みである。",
                    "{suspect}の容疑は晴れた。疑いの余地はない。"),
    "conspiring": ("{suspect}はあの晩、何かを企んでいた。慌ただしく紙片を渡していたという。",
                   "{suspect}があの晩、誰かと声をひそめて話していたことは、複数の証言で分かっている。"),
    "not_accomplice": ("{suspect}は誰にも手を貸していない。それは確かである。",
                       "犯人に協力者がいたとしても、{suspect}ではない。"),
    "acted_alone": ("これは一人の人間の仕業だ。犯人に協力者はいない。",
                    "協力者は見つかっていない。犯人は単独で動いた。"),
}

# The coroner's own findings (of the body); his other claims read as the police's.
CORONER: dict[str, tuple[str, ...]] = {
    "motive_clue": ("遺体の上着のポケットから、{suspect}の{cause}を示す手紙が見つかった。『{motive}』である。",
                    "被害者が握りしめていた紙片は、{suspect}の{cause}を物語っている。『{motive}』だ。"),
    "trace_found": ("遺体には{trace}が認められた。",
                    "検視の結果、一つ確かなことがある。遺体には{trace}があった。"),
    "trace_absent": ("{trace}を探したが、見つからなかった。",
                     "{trace}の有無を調べたが、その種のものはなかった。"),
    "weapon_not_used": ("傷は{weapon}とは一致しない。{weapon}は除外できる。",
                        "何で殺されたにせよ、{weapon}ではない。"),
}

# What servants saw and heard at their work, in keigo (never a verdict).
SERVANT: dict[str, tuple[str, ...]] = {
    "motive_testimony": ("{suspect}が『{motive}』のことで{victim}を恨んでおいでだったのは、"
    "使用人一同が存じております。",
                         "『{motive}』の件で、{suspect}と{victim}が言い争っておられるのを何度も耳にいたしました。"),
    "motive_clue": ("{scene}の暖炉に、"
    "{suspect}の{cause}について書かれた破れた手紙がございました。『{motive}』のことでございます。",
                    "{victim}の書類の中に、{suspect}の{cause}を示すものがございました。『{motive}』でございます。"),
    "motive_eliminated": ("警部さんのお話では、{suspect}の『{motive}』は事件とは関わりがないそうでございます。",
                          "{suspect}の{cause}、『{motive}』の件は事件と無関係だと、警察の方がおっしゃっていました。"),
    "in_room": ("事件が始まったとき、{suspect}は{room}にいらっしゃいました。この目で拝見しております。",
                "ちょうど事件が始まった頃に{room}の前を通りましたら、{suspect}が中においででした。"),
    "not_in_room": ("事件が始まったときに{room}をのぞきましたが、{suspect}はいらっしゃいませんでした。",
                    "{room}ではございません。始まったとき、{suspect}はそこにはおられませんでした。"),
    "seen_in_room": ("何度{room}の前を通っても、{suspect}はずっとそちらにいらっしゃいました。",
                     "{suspect}は最初から最後まで、一度も{room}をお出になりませんでした。"),
    "together": ("{suspects}はずっとご一緒でした。お一人だけのところは一度もお見かけしておりません。",
                 "のぞくたびに、{suspects}はご一緒においででした。"),
    "trace_found": ("お医者様が、遺体に{trace}があったとおっしゃるのを耳にいたしました。",
                    "検視の先生のお話では、{trace}があったそうでございます。"),
    "trace_absent": ("お医者様が{trace}をお探しになりましたが、見つからなかったそうでございます。",
                     "{trace}はなかったと、警部さんがおっしゃっていました。"),
    "weapon_not_used": ("{weapon}はいつもの場所にあって、汚れもございません。誰も触れておりません。",
                        "あの晩、{weapon}は定位置にございました。それ以来動かされておりません。"),
    "may_have_passed": ("あの晩、{room}に人影がございました。{suspects}だったかもしれません。",
                        "仕事の最中に、誰かが{room}を通り抜けました。{suspects}だったかもしれません。"),
    "room_undisturbed": ("一晩中{room}の見える所におりましたが、"
    "{scene}へ向かった者がそこから出たことも、そこを通ったこともございません。",
                         "あの晩、{room}を通って{scene}へ行った者も、{room}から出発した者もおりません。"),
    "not_culprit": ("事件のあったとき、{suspect}は私の目の届く所におられ、{scene}からは遠く離れておいででした。",
                    "犯行の時刻に、{suspect}を確かにお見かけしております。{scene}の近くではございませんでした。"),
    "conspiring": ("階段の陰で、{suspect}がどなたかとひそひそと企んでおいでなのを耳にいたしました。",
                   "裏口で、{suspect}がどなたかと声をひそめて話しておられました。企みごとのようでございました。"),
    "not_accomplice": ("一晩中{suspect}を拝見しておりましたが、"
    "ささやきも手紙も、どなたかの使い走りもございませんでした。",
                       "{suspect}はあの晩、どなたともこっそりお話しになりませんでした。気づかないはずがございません。"),
    "acted_alone": ("一晩中お屋敷を回っておりましたが、見張りをする者もかばう者もおりませんでした。",
                    "手紙のやり取りも見張りもございませんでした。あれば気づいたはずでございます。"),
}

# claim type -> a servant's duty -> phrasings of that work only (added to SERVANT's).
DUTY: dict[str, dict[str, tuple[str, ...]]] = {
    "in_room": {
        "table": ("事件が始まったとき、お盆を持って回っておりました。{suspect}は{room}にいらっしゃいました。",),
        "rooms": ("{room}で暖炉の火を起こしておりましたときに事件が始まり、{suspect}もそちらにいらっしゃいました。",),
        "grounds": ("車寄せから{room}の中が見えまして、事件が始まったとき{suspect}がいらっしゃいました。",),
        "household": ("見回りの途中、事件が始まったときに{room}をのぞきましたら、{suspect}がいらっしゃいました。",),
    },
    "not_in_room": {
        "table": ("事件が始まったとき{room}でグラスを片づけておりましたが、{suspect}のお姿はございませんでした。",),
        "rooms": ("始まったとき{room}で暖炉の世話をしておりましたが、{suspect}はいらっしゃいませんでした。",),
        "grounds": ("始まったとき、車寄せから{room}の中が見えましたが、{suspect}はおられませんでした。",),
        "household": ("見回りの途中、始まったときに{room}をのぞきましたが、{suspect}はいらっしゃいませんでした。",),
    },
    "seen_in_room": {
        "table": ("一晩中{room}で給仕をしておりましたが、{suspect}は一度もお出になりませんでした。",),
        "rooms": ("一晩中{room}の暖炉の番をしておりましたが、{suspect}は一度もお出になりませんでした。",),
        "grounds": ("一晩中、{room}の窓が見える所で車のそばにおりました。"
        "{suspect}は最初から最後までそちらにいらっしゃいました。",),
        "household": ("見回りで一晩中{room}の前を通りましたが、{suspect}はいつもそちらにいらっしゃいました。",),
    },
    "together": {
        "table": ("一晩中{suspects}に給仕しておりましたが、お伺いするたびにご一緒でした。",),
        "rooms": ("一晩中、{suspects}のおそばで暖炉の世話をしておりました。どなたもお離れになりませんでした。",),
        "grounds": ("車寄せから一晩中、窓越しに{suspects}が並んでおいでなのが見えました。",),
        "household": ("見回りで通りかかるたびに、{suspects}はご一緒でした。",),
    },
}
# Words of each duty's work: a servant whose cards use another duty's words does another's work.
DUTY_WORDS_JA: dict[str, tuple[str, ...]] = {
    "table": ("お盆", "グラス", "給仕"), "rooms": ("暖炉の火", "暖炉の世話", "暖炉の番"),
    "grounds": ("車",), "household": ("見回り",),
}

# What a suspect says of others, politely to the inspector.
SUSPECT: dict[str, tuple[str, ...]] = {
    "motive_testimony": ("{suspect}が『{motive}』のことで{victim}を恨んでいたのは、皆知っています。",
                         "『{motive}』の件で、{suspect}は{victim}と口論していました。私もこの耳で聞きました。",
                         "{suspect}と{victim}の間には『{motive}』をめぐる確執がありました。"),
    "motive_clue": ("{scene}で見つかった日記に、{suspect}の{cause}のことが書かれていました。『{motive}』です。",
                    "{victim}の書類の中に、{suspect}の{cause}の証拠があったそうです。『{motive}』のことです。"),
    "motive_eliminated": ("警部の話では、{suspect}の『{motive}』は事件と関係ないそうです。",
                          "{suspect}の{cause}、『{motive}』は今回の件と無関係だと、警察から聞きました。"),
    "in_room": ("事件が始まったとき、{suspect}は{room}にいました。間違いありません。",
                "あの騒ぎが始まったとき、{suspect}なら{room}にいましたよ。"),
    "not_in_room": ("事件が始まったとき、{suspect}は{room}にはいませんでした。",
                    "{room}ですか。いいえ、始まったときに{suspect}はそこにいませんでしたよ。"),
    "seen_in_room": ("{suspect}は最初から最後まで{room}にいて、一歩も外に出ませんでした。",
                     "{suspect}はずっと{room}にいました。一晩中見ていましたから間違いありません。"),
    "together": ("{suspects}はずっと一緒にいました。どちらも相手のそばを離れませんでした。",
                 "{suspects}は一晩中並んでいました。離れたところは見ていません。"),
    "trace_found": ("先生がはっきり言うのを聞きました。遺体には{trace}があったそうです。",
                    "遺体に{trace}があったと、屋敷中の噂になっています。"),
    "trace_absent": ("先生が{trace}を探したけれど、見つからなかったそうです。",
                     "{trace}はなかったと、警部が言っていました。"),
    "weapon_not_used": ("先生の話では、傷は{weapon}とは合わないそうです。",
                        "{weapon}ではありません。警部が調べさせました。"),
    "may_have_passed": ("あの晩、誰かが{room}を通りました。{suspects}だったかもしれません。",
                        "夜に{room}で足音がしました。{suspects}だったのかもしれません。"),
    "room_undisturbed": ("犯人はあの晩、最初から最後まで{room}に足を踏み入れていません。",
                         "{scene}へ行った者は、{room}から出発してもいないし、そこを通ってもいません。"),
    "not_culprit": ("事件のとき、{suspect}は{scene}の近くにはいませんでした。誓って言えます。",
                    "{suspect}のことなら保証します。犯行の時刻、{scene}からは遠く離れていました。"),
    "conspiring": ("あの晩の{suspect}は何か企んでいました。隅でひそひそ話していたんです。",
                   "{suspect}は一晩中、誰かと目配せしていました。何か計画があったに違いありません。"),
    "not_accomplice": ("一晩中{suspect}を見ていましたが、誰にも手を貸していませんでした。",
                       "犯人に協力者がいたとしても、{suspect}ではありません。"),
    "acted_alone": ("警部の話では、犯人は誰の助けも借りていないそうです。",
                    "警察は単独犯だと確信しています。誰も手を貸していません。"),
}

# Motives other than grievances, told as what they are to the suspect: voice -> kind -> phrasings.
TESTIMONY: dict[str, dict[str, tuple[str, ...]]] = {
    "police": {
        "secret": ("{suspect}には隠しておきたいことがあり、{victim}はそれを知っていた。『{motive}』である。",
                   "{suspect}は『{motive}』を{victim}に暴かれることを恐れていた。"),
        "debt": ("{suspect}は返せないほどの借金を抱え、{victim}は返済を迫っていた。『{motive}』である。",
                 "{suspect}は金に困っており、{victim}は待つつもりがなかった。『{motive}』の件だ。"),
        "misdeed": ("{victim}は{suspect}の悪事を突き止めていた。『{motive}』である。",
                    "{victim}は{suspect}を告発するつもりだった。『{motive}』の件で、証拠も確認した。"),
    },
    "servant": {
        "secret": ("{suspect}は『{motive}』を{victim}に知られていることを恐れておいででした。",
                   "{victim}が{suspect}に、"
                   "いずれ明るみに出るとおっしゃるのを耳にいたしました。『{motive}』のことでございます。"),
        "debt": ("{victim}が{suspect}に、"
        "もう待てないとおっしゃるのを耳にいたしました。『{motive}』のことでございます。",
                 "{suspect}は『{motive}』の返済の猶予を、何度も{victim}にお願いしておいででした。"),
        "misdeed": ("{victim}が{suspect}に、"
        "警察に届けるとおっしゃるのを耳にいたしました。『{motive}』のことでございます。",
                    "{victim}は{suspect}のなさったことを突き止めておいででした。『{motive}』でございます。"),
    },
    "suspect": {
        "secret": ("{suspect}には知られたくない秘密があって、{victim}はそれを知っていました。『{motive}』です。",
                   "{suspect}は『{motive}』を{victim}に暴かれるのを恐れていました。"),
        "debt": ("{suspect}は『{motive}』のせいで、{victim}にお金を返せずにいました。",
                 "{victim}が取り立てれば、{suspect}は破滅していたはずです。『{motive}』のことです。"),
        "misdeed": ("{victim}は{suspect}のしたことを知っていました。『{motive}』です。",
                    "{suspect}は『{motive}』のことで、{victim}に警察へ突き出されるのを恐れていました。"),
    },
}

# Said by the suspect the claim is about ({suspects}: the others); {we} is 私 or, for a group, 私たち.
FIRST_PERSON: dict[str, tuple[str, ...]] = {
    "in_room": ("事件が始まったとき、{we}は{room}にいました。", "騒ぎが始まったとき、{we}は{room}におりました。"),
    "not_in_room": ("事件が始まったとき、{we}は{room}にはいませんでした。",
                    "始まったとき、{we}は{room}の近くにもいませんでした。"),
    "seen_in_room": ("{we}は最初から最後まで{room}にいて、一歩も出ていません。",
                     "{we}は一晩中{room}から出ませんでした。誰にでも聞いてください。"),
    "together": ("{we}は{suspects}とずっと一緒にいました。"
    "", "{suspects}に聞いてください。{we}は一晩中そばにいました。"),
    "not_culprit": ("{we}は{victim}を殺していません。できるはずがありません。",
                    "誰が何と言おうと、{victim}を殺したのは{we}ではありません。"),
    "not_accomplice": ("{we}はあの晩、誰にも手を貸していません。", "協力者がいたとしても、{we}ではありません。"),
    "may_have_passed": ("{we}は{room}を通ったかもしれません。それは認めます。",
                        "あの晩、{we}は{room}を通ったかもしれません。よく覚えていません。"),
}
