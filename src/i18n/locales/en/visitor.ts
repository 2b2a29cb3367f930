import about from './about.json'
import api from './api.json'
import common from './common.json'
import user from './user.json'

/** The English texts of the pages a visitor sees (login, registration, password reset, about). */
export const visitorTranslation = { about, api, common, user }
